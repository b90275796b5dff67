import type { ReactNode } from 'react'
import { MemoizedInPageRouter } from './memoized-markup'

// Pieces of the list pages (reviews, services) around their forms. Kept apart
// from the forms themselves (intent-form.tsx), whose code only the people who
// may use them download.

/**
 * The panel at the foot of a list page that holds its create form. With a
 * `memoKey`, the server writes it once for that key and the page's address
 * (MemoizedInPageRouter: the form's action is made from the address), unless
 * `renderAnew` (a form showing what its last submission gave back).
 */
export function FormPanel({
  id,
  title,
  children,
  memoKey,
  renderAnew,
}: {
  id: string
  title: string
  /** The form, or (with `memoKey`) a function that makes it. */
  children: ReactNode | (() => ReactNode)
  /** Names everything the form shows. */
  memoKey?: string
  renderAnew?: boolean
}) {
  const content = () => (
    <>
      <h2 id={`${id}-title`}>{title}</h2>
      {typeof children === 'function' ? children() : children}
    </>
  )
  const attributes = { className: 'section panel stack', id, 'aria-labelledby': `${id}-title` }
  if (memoKey === undefined) return <section {...attributes}>{content()}</section>
  return (
    <MemoizedInPageRouter
      as="section"
      {...attributes}
      memoKey={`form-panel ${id} ${title} ${memoKey}`}
      renderAnew={renderAnew}
    >
      {content}
    </MemoizedInPageRouter>
  )
}

/** This page's address without some of its query parameters (?edit, ?confirm…). */
export function pathWithout(location: { pathname: string; search: string }, names: string[]) {
  const params = new URLSearchParams(location.search)
  for (const name of names) params.delete(name)
  const rest = params.toString()
  return `${location.pathname}${rest ? `?${rest}` : ''}`
}
