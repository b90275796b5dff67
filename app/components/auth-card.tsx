import type { ReactNode } from 'react'
import { Brand } from './brand'

/**
 * The page of Log In and Sign Up without JavaScript (with it, the same forms
 * open as dialogs over the current page): the brand, and a card.
 *
 *   <AuthCard title="Log In" lead="Welcome back!">{form}</AuthCard>
 */
export function AuthCard({
  title,
  lead,
  wide = false,
  children,
  footer,
}: {
  title: string
  lead: string
  wide?: boolean
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-brand">
        <Brand />
      </div>
      <div className={wide ? 'panel auth-card auth-card-wide' : 'panel auth-card'}>
        <h1>{title}</h1>
        <p className="muted">{lead}</p>
        <div className="stack" style={{ marginTop: 'var(--space-5)' }}>
          {children}
        </div>
        {footer}
      </div>
    </main>
  )
}
