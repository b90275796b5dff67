import type { ReactNode } from 'react'

// Pieces of the list pages (reviews, services) around their forms. Kept apart
// from the forms themselves (intent-form.tsx), whose code only the people who
// may use them download.

/** The panel at the foot of a list page that holds its create form. */
export function FormPanel({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section className="section panel stack" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  )
}

/** This page's address without some of its query parameters (?edit, ?confirm…). */
export function pathWithout(location: { pathname: string; search: string }, names: string[]) {
  const params = new URLSearchParams(location.search)
  for (const name of names) params.delete(name)
  const rest = params.toString()
  return `${location.pathname}${rest ? `?${rest}` : ''}`
}
