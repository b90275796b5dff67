import type { ReactNode } from 'react'

/**
 * A message box in the page (styles: .alert in app.css). News — something
 * saved, deleted, refused — is announced to screen readers: errors as an
 * alert, the rest as a status. `quiet` is for standing information that
 * was already on the page when it loaded.
 *
 *   <Notice tone="success">Service created.</Notice>
 *   <Notice tone="error">{actionData.error}</Notice>
 *   <Notice tone="info" quiet>{pet.name} is staying with us right now…</Notice>
 */
export function Notice({
  tone,
  quiet = false,
  children,
}: {
  tone: 'success' | 'error' | 'warning' | 'info'
  quiet?: boolean
  children: ReactNode
}) {
  const role = quiet ? undefined : tone === 'error' ? 'alert' : 'status'
  return (
    <p className={`alert alert-${tone}`} role={role}>
      {/* One flowing line of text and links, not a row of flex items. */}
      <span>{children}</span>
    </p>
  )
}
