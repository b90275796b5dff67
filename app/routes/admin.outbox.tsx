import { Link } from '~/components/link'
import type { Route } from './+types/admin.outbox'
import { EmptyState } from '~/components/empty-state'
import { PageErrorBoundary } from '~/components/error-view'
import { PageHeader } from '~/components/page-header'
import { Pagination, readPageParam } from '~/components/pagination'
import { pageMeta } from '~/domain/hotel'
import { pageHandler } from '~/http/form.server'
import { listOutbox } from '~/models/mail-outbox.server'
import { hotelDateTime, requireMailboxReader } from './admin.outbox.server'

// /admin/outbox — the development mailbox (no SMTP_URL, not production): every
// message the hotel has written to its outbox, newest first, a page at a time.
// The Owner's only; it does not exist where mail really leaves.

const PER_PAGE = 25

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  await requireMailboxReader(request)
  const page = readPageParam(url)
  const { messages, hasMore } = await listOutbox({ page, perPage: PER_PAGE })
  return {
    page,
    hasMore,
    messages: messages.map((m) => ({
      id: m.id,
      to: m.recipient,
      subject: m.subject,
      at: new Date(m.created_at).toISOString(),
      when: hotelDateTime(m.created_at),
      sent: m.sent_at !== null,
    })),
  }
})

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  const { messages, page, hasMore } = loaderData
  return (
    <div className="container page">
      <PageHeader
        title="Development mailbox"
        description="The mail the hotel has sent, kept here because no SMTP server is set up (SMTP_URL). Newest first."
      />
      {messages.length === 0 ? (
        <EmptyState title="No messages yet" headingLevel={2}>
          Mail appears here when someone signs up, asks for a password reset or is invited.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack">
            <caption className="visually-hidden">Messages, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">When</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <th scope="row" data-label="Subject">
                    <Link to={`/admin/outbox/${m.id}`}>{m.subject}</Link>
                  </th>
                  <td data-label="To">{m.to}</td>
                  <td data-label="When" className="nowrap">
                    <time dateTime={m.at}>{m.when}</time>
                  </td>
                  <td data-label="Status">
                    {m.sent ? (
                      <span>
                        <span className="badge badge-muted">Sent</span>
                      </span>
                    ) : (
                      <span>
                        <span className="badge badge-accent">Waiting</span>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} hasMore={hasMore} label="Mailbox pages" />
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Development mailbox', 'The mail the hotel has sent, for development.')

export function ErrorBoundary() {
  return (
    <PageErrorBoundary heading="Development mailbox" failure="The mailbox could not be loaded" />
  )
}

export { headers } from '~/http/route-headers'
