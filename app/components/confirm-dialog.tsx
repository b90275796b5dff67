/**
 * A delete (or any dangerous action) confirmation that works both ways:
 *  - without JavaScript the trigger is a link to ?confirm=<confirmId>; the
 *    server then renders the question with a POST form and a Cancel link in
 *    place of the trigger;
 *  - with JavaScript the same trigger opens a modal dialog with the question
 *    and the same POST form (focus is trapped, Esc/Cancel closes and focus
 *    returns to the trigger).
 *
 *   <ConfirmDialog
 *     confirmId={`delete-pet-${pet.id}`}                 // unique on the page
 *     question="Are you sure you want to delete this pet?"
 *     fields={{ intent: 'delete' }}                      // hidden inputs of the POST
 *     action={`/pets/${pet.id}`}                         // optional; default: this route's action
 *     triggerLabel="Delete"                              // default "Delete"
 *     confirmLabel="Yes, delete"                         // default "Yes, delete"
 *     disabled={started}                                 // renders a disabled button instead
 *     dismissLabel="Keep booking"                        // default "Cancel"
 *   />
 *
 * The action should redirect (or revalidate so the item disappears); an error
 * it returns shows wherever the page shows action errors.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Form, useFormAction, useLocation, useNavigation } from 'react-router'
import { Link } from './link'
import { MemoizedMarkup } from './memoized-markup'
import { SubmitButton } from './submit-button'
import { TrashIcon } from './icons'

export const CONFIRM_PARAM = 'confirm'

/**
 * Whether a page at this search asks one of its questions without
 * JavaScript (`?confirm=<confirmId>`): the dialog of that id is then its
 * question and POST form in place of its trigger.
 */
const asksAQuestion = (search: string): boolean =>
  search.length > 1 && new URLSearchParams(search).has(CONFIRM_PARAM)

/**
 * A `<div>` of rows holding confirm dialogs (a table of them), which the
 * server writes from its memo (MemoizedMarkup) for each `memoKey` and page
 * address: a closed dialog is a plain link made from the page's address. On
 * a page that asks one of its questions without JavaScript, that dialog is
 * its question and form, which the memo's rule keeps out, and the rows are
 * rendered as usual.
 *
 *   <MemoizedWithDialogs className="table-wrap" memoKey={`bookings ${JSON.stringify(rows)}`}>
 *     {() => <table>…</table>}
 *   </MemoizedWithDialogs>
 */
export function MemoizedWithDialogs({
  memoKey,
  className,
  children,
}: {
  /** Names the rows and every piece of data they are made from. */
  memoKey: string
  className?: string
  children: () => ReactNode
}) {
  const location = useLocation()
  return (
    <MemoizedMarkup
      as="div"
      className={className}
      memoKey={memoKey}
      location={location}
      renderAnew={asksAQuestion(location.search)}
    >
      {children}
    </MemoizedMarkup>
  )
}

export function ConfirmDialog({
  confirmId,
  question,
  fields = {},
  action,
  triggerLabel = 'Delete',
  triggerClassName = 'btn btn-danger',
  confirmLabel = 'Yes, delete',
  title = 'Please confirm',
  disabled = false,
  icon = true,
  pendingText = 'Deleting…',
  dismissLabel = 'Cancel',
  hash = '',
}: {
  confirmId: string
  question: ReactNode
  fields?: Record<string, string>
  action?: string
  triggerLabel?: ReactNode
  triggerClassName?: string
  confirmLabel?: ReactNode
  title?: ReactNode
  disabled?: boolean
  icon?: boolean
  /** What the confirm button says while the POST is under way. */
  pendingText?: string
  /** What the button that backs out says ("Keep booking" where the action itself is a cancel). */
  dismissLabel?: ReactNode
  /** Where on the page the question opens without JavaScript ('#vaccinations'): far down a long page. */
  hash?: string
}) {
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const questionId = useId()
  const titleId = useId()
  const { confirming, cancelHref, confirmHref } = confirmLinks(
    location.pathname,
    location.search,
    confirmId,
    hash,
  )

  // The question's form is built only where it shows (the step without
  // JavaScript, the open dialog): a list page holds a trigger per row and
  // action, dozens of them, and each would otherwise resolve the route's
  // action and watch the navigation for a form nobody sees.
  const form = () => (
    <ConfirmForm
      action={action}
      fields={fields}
      confirmLabel={confirmLabel}
      pendingText={pendingText}
      onDone={() => setOpen(false)}
      dismiss={
        open ? (
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
            {dismissLabel}
          </button>
        ) : (
          <Link className="btn btn-ghost" to={cancelHref} preventScrollReset replace>
            {dismissLabel}
          </Link>
        )
      }
    />
  )

  if (disabled) {
    return (
      <button type="button" className={triggerClassName} disabled aria-disabled="true">
        {icon ? <TrashIcon /> : null}
        {triggerLabel}
      </button>
    )
  }

  if (confirming && !open) {
    return (
      <div className="confirm-inline" role="group" aria-labelledby={questionId}>
        <p id={questionId}>{question}</p>
        {form()}
      </div>
    )
  }

  return (
    <>
      <Link
        to={confirmHref}
        className={triggerClassName}
        preventScrollReset
        onClick={(event) => {
          // With JavaScript: open the dialog in place instead of the server-rendered confirm step.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
          event.preventDefault()
          setOpen(true)
        }}
      >
        {icon ? <TrashIcon /> : null}
        {triggerLabel}
      </Link>
      {open ? (
        <ConfirmModal
          titleId={titleId}
          questionId={questionId}
          title={title}
          onClose={() => setOpen(false)}
        >
          <p id={questionId} className="confirm-dialog-text">
            {question}
          </p>
          <div className="form-actions">{form()}</div>
        </ConfirmModal>
      ) : null}
    </>
  )
}

/**
 * The question's POST form; `onDone` runs once a submission it started has
 * finished (the dialog then closes).
 */
function ConfirmForm({
  action,
  fields,
  confirmLabel,
  pendingText,
  onDone,
  dismiss,
}: {
  action: string | undefined
  fields: Record<string, string>
  confirmLabel: ReactNode
  pendingText: string
  onDone: () => void
  dismiss: ReactNode
}) {
  const routeAction = useFormAction()
  const navigation = useNavigation()
  const submitted = useRef(false)
  const formAction = action ?? withoutConfirmParam(routeAction)

  useEffect(() => {
    if (navigation.state !== 'idle') return
    if (submitted.current) {
      submitted.current = false
      onDone()
    }
  }, [navigation.state, onDone])

  return (
    <Form
      method="post"
      action={formAction}
      onSubmit={() => (submitted.current = true)}
      className="cluster"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton
        className="btn btn-danger-solid"
        formAction={formAction}
        pendingText={pendingText}
      >
        {confirmLabel}
      </SubmitButton>
      {dismiss}
    </Form>
  )
}

function ConfirmModal({
  titleId,
  questionId,
  title,
  onClose,
  children,
}: {
  titleId: string
  questionId: string
  title: ReactNode
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    // Unmounting removes the element, which ends the modal state without a close event.
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={questionId}
      onClose={onClose}
    >
      <div className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
      </div>
      <div className="dialog-body stack">{children}</div>
    </dialog>
  )
}

/** Characters URLSearchParams writes as they are. */
const PLAIN_VALUE = /^[\w.*-]*$/

/**
 * Whether this page asks this question (without JavaScript), and the links
 * that open and cancel it: the page's own address with and without
 * `?confirm=<confirmId>`, its other parameters kept. Most pages have no
 * query at all, and their links are written without parsing one.
 */
function confirmLinks(pathname: string, search: string, confirmId: string, hash: string) {
  if (!search && PLAIN_VALUE.test(confirmId))
    return {
      confirming: false,
      cancelHref: `${pathname}${hash}`,
      confirmHref: `${pathname}?${CONFIRM_PARAM}=${confirmId}${hash}`,
    }
  const params = new URLSearchParams(search)
  const confirming = params.get(CONFIRM_PARAM) === confirmId
  params.delete(CONFIRM_PARAM)
  const rest = params.toString()
  params.set(CONFIRM_PARAM, confirmId)
  return {
    confirming,
    cancelHref: `${pathname}${rest ? `?${rest}` : ''}${hash}`,
    confirmHref: `${pathname}?${params.toString()}${hash}`,
  }
}

function withoutConfirmParam(url: string) {
  const [path, search = ''] = url.split('?')
  const params = new URLSearchParams(search)
  params.delete(CONFIRM_PARAM)
  const rest = params.toString()
  return rest ? `${path}?${rest}` : path
}
