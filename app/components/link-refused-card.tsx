import type { ReactNode } from 'react'
import { Link } from './link'
import { AuthCard } from './auth-card'

/**
 * The page a mailed link opens when it can no longer be used (unknown, used,
 * expired): why, and the one way forward.
 *
 *   <LinkRefusedCard refusal={refusal} next={{ to: '/forgot-password', label: 'Send me a new link' }} />
 */
export function LinkRefusedCard({
  refusal,
  next,
  children,
}: {
  refusal: string
  next: { to: string; label: string }
  children?: ReactNode
}) {
  return (
    <AuthCard title="This link can't be used" lead={refusal}>
      <p>
        <Link className="btn btn-primary btn-block btn-lg" to={next.to}>
          {next.label}
        </Link>
      </p>
      {children}
    </AuthCard>
  )
}
