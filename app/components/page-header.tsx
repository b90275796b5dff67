import type { ReactNode } from 'react'

/**
 * The top of a page inside the layout: its one <h1>, a line under it, and the
 * page's main actions on the right (below on a phone).
 *
 *   <PageHeader title="Reviews" description="What our guests’ humans say, newest first."
 *               actions={<a className="btn btn-primary" href="#add-review">Add a Review</a>} />
 */
export function PageHeader({
  title,
  description,
  actions,
  actionsClassName,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
  /** An extra class for the actions' box (its layout on a page of its own). */
  actionsClassName?: string
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? (
        <div
          className={
            actionsClassName ? `page-header-actions ${actionsClassName}` : 'page-header-actions'
          }
        >
          {actions}
        </div>
      ) : null}
    </header>
  )
}
