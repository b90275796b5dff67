/**
 * A submit button that shows progress and is disabled while its form is being
 * submitted, so the same form can't be sent twice. Without JavaScript it is a
 * plain submit button.
 *
 *   <SubmitButton>Save</SubmitButton>                                 // watches the page navigation
 *   <SubmitButton pendingText="Booking…" className="btn btn-primary btn-lg">Book</SubmitButton>
 *   <SubmitButton name="intent" value="delete" className="btn btn-danger">Delete</SubmitButton>
 *   <SubmitButton state={fetcher.state}>Save</SubmitButton>           // inside a <fetcher.Form>
 *
 * Pending means: a submission is under way whose form action is this page's
 * action (or `formAction` when given), or — with `state` — the fetcher is busy.
 * When `name`/`value` are given, only the button that was pressed shows progress;
 * every submit button of the form is disabled meanwhile via the shared check.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useFormAction, useNavigation } from 'react-router'

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  children: ReactNode
  pendingText?: ReactNode
  /** A fetcher's state, for buttons inside a fetcher.Form. */
  state?: 'idle' | 'submitting' | 'loading'
  /** The action URL the form posts to, when it is not the current route's action. */
  formAction?: string
}

export function SubmitButton({
  children,
  pendingText,
  state,
  formAction,
  className = 'btn btn-primary',
  disabled,
  name,
  value,
  ...rest
}: Props) {
  const navigation = useNavigation()
  const routeAction = useFormAction()
  const action = formAction ?? routeAction

  let busy: boolean
  let pressed = true
  if (state) {
    busy = state !== 'idle'
  } else {
    const sameAction =
      navigation.formAction !== undefined &&
      stripIndex(navigation.formAction) === stripIndex(action)
    busy = navigation.state !== 'idle' && navigation.formMethod !== undefined && sameAction
    if (busy && name)
      pressed = navigation.formData?.get(name) === (value === undefined ? '' : String(value))
  }
  const showProgress = busy && pressed

  return (
    <button
      type="submit"
      className={className}
      disabled={disabled || busy}
      aria-disabled={disabled || busy || undefined}
      name={name}
      value={value}
      formAction={formAction}
      {...rest}
    >
      {showProgress ? <span className="spinner" aria-hidden="true" /> : null}
      {showProgress ? (pendingText ?? children) : children}
      {showProgress ? <span className="visually-hidden"> (in progress)</span> : null}
    </button>
  )
}

// useFormAction() adds "?index" on index routes; the navigation's formAction may not.
function stripIndex(url: string) {
  return url.replace(/[?&]index(=[^&]*)?$/, '').replace(/\?$/, '')
}
