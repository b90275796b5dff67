/**
 * The friendly box shown when a list is empty ('No pets!',
 * 'No bookings available', 'No services available', 'No reviews available',
 * 'No users available') or a load failed ('Error: …').
 *
 *   <EmptyState title="No pets!" />
 *   <EmptyState title="No pets!" action={<Link className="btn btn-primary" to="/pets/new">Add Pet</Link>}>
 *     Add your first pet to book a stay.
 *   </EmptyState>
 *   <EmptyState title={`Error: ${message}`} tone="error" />
 *
 * `headingLevel` (default 3) keeps the page's heading order right.
 */
import type { ReactNode } from 'react'
import { PawIcon } from './icons'

export function EmptyState({
  title,
  children,
  action,
  tone = 'neutral',
  headingLevel = 3,
}: {
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
  tone?: 'neutral' | 'error'
  headingLevel?: 2 | 3 | 4
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className="empty-state" role={tone === 'error' ? 'alert' : undefined}>
      <PawIcon className="empty-state-icon" />
      <Heading className="empty-state-title">{title}</Heading>
      {children ? <p>{children}</p> : null}
      {action ? <div className="cluster">{action}</div> : null}
    </div>
  )
}
