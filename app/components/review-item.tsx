/**
 * One review on /reviews: its paws (icons with a text equivalent), the text as
 * typed (escaped by React, line breaks kept), the client's username and date.
 * `actions` holds Edit / Delete when the viewer may use them.
 */
import type { ReactNode } from 'react'
import { Paws } from './paws'

export function ReviewItem({
  review,
  dateLabel,
  actions,
  mine = false,
}: {
  review: { id: number; review: string; paws: number; client_username: string; created_at: string }
  dateLabel: string
  actions?: ReactNode
  mine?: boolean
}) {
  return (
    <figure className="review-quote">
      <Paws value={review.paws} />
      <blockquote style={{ whiteSpace: 'pre-wrap' }}>{review.review}</blockquote>
      <figcaption>
        {review.client_username}
        {mine ? (
          <span className="badge badge-primary" style={{ marginInlineStart: '0.5rem' }}>
            Your review
          </span>
        ) : null}
        <span className="muted"> · </span>
        <time dateTime={review.created_at} className="muted">
          {dateLabel}
        </time>
      </figcaption>
      {actions ? (
        <div className="cluster" style={{ marginTop: '0.75rem' }}>
          {actions}
        </div>
      ) : null}
    </figure>
  )
}
