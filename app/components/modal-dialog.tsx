/**
 * A dialog for "modal routes" (/login, /pets/new, /pets/:petId/edit …) and for
 * in-page dialogs.
 *
 * Without JavaScript the server renders an open <dialog> that CSS shows as a
 * page section, with a Close link to `closeTo`. With JavaScript it becomes a
 * real modal on mount (showModal): focus moves in and is trapped by the
 * browser, Esc closes, and on close focus returns to the opener.
 *
 *   // A modal route, e.g. app/routes/pets.new.tsx:
 *   <ModalDialog title="Add Pet" closeTo="/pets">
 *     <PetForm … />
 *   </ModalDialog>
 *
 *   // An in-page dialog opened by state (render it only while open):
 *   {open && <ModalDialog title="Log In" closeTo="/login" onClose={() => setOpen(false)}>…</ModalDialog>}
 *
 * Props: `title` (the dialog's accessible name), `closeTo` (URL the Close link
 * and, with JS, Esc/Close navigate to — use the page the dialog sits over),
 * `onClose` (instead of navigating; for dialogs held in state), `wide`,
 * `titleAs` ('h1' when the route has no other heading, default 'h2'),
 * `description` (a short line under the title).
 * Focus starts on the first field of the body (or an element with
 * `data-autofocus`). A successful submit that redirects simply unmounts the
 * dialog: nothing else happens, so the redirect wins.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Link } from './link'
import { CloseIcon } from './icons'

const FIRST_FIELD =
  '[data-autofocus], .dialog-body input:not([type="hidden"]):not([disabled]), .dialog-body select:not([disabled]), .dialog-body textarea:not([disabled])'

export function ModalDialog({
  title,
  closeTo,
  onClose,
  children,
  wide = false,
  titleAs: Title = 'h2',
  description,
}: {
  title: ReactNode
  closeTo: string
  onClose?: () => void
  children: ReactNode
  wide?: boolean
  titleAs?: 'h1' | 'h2'
  description?: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const mounted = useRef(false)
  const opener = useRef<HTMLElement | null>(null)
  const navigate = useNavigate()
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    mounted.current = true
    const dialog = ref.current
    if (dialog && !dialog.matches(':modal')) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
      // The server rendered it open as a page section; make it a real modal.
      // (Removing the attribute fires no close event.)
      if (dialog.open) dialog.removeAttribute('open')
      dialog.showModal()
      // The browser focuses the first focusable element (the Close button);
      // start on the first field instead. (Don't use React's autoFocus inside a
      // dialog: showModal() would move focus away again and blur the field.)
      dialog.querySelector<HTMLElement>(FIRST_FIELD)?.focus()
    }
    return () => {
      mounted.current = false
    }
  }, [])

  async function handleClose() {
    // A dialog removed by a navigation (e.g. after a successful submit) must not navigate again.
    if (!mounted.current) return
    if (onClose) {
      onClose()
      return
    }
    const returnTo = opener.current
    await navigate(closeTo, { preventScrollReset: true })
    if (returnTo?.isConnected) returnTo.focus()
  }

  return (
    <dialog
      ref={ref}
      open
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={handleClose}
    >
      <div className="dialog-header">
        <div>
          <Title id={titleId} className="dialog-title">
            {title}
          </Title>
          {description ? (
            <p id={descriptionId} className="muted text-sm">
              {description}
            </p>
          ) : null}
        </div>
        <Link
          to={closeTo}
          className="dialog-close"
          aria-label="Close"
          preventScrollReset
          onClick={(event) => {
            const dialog = ref.current
            if (dialog?.matches(':modal')) {
              event.preventDefault()
              dialog.close()
            }
          }}
        >
          <CloseIcon />
        </Link>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  )
}
