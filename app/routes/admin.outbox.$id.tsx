import { Link } from '~/components/link'
import type { Route } from './+types/admin.outbox.$id'
import { PageErrorBoundary } from '~/components/error-view'
import { PageHeader } from '~/components/page-header'
import { notFound } from '~/domain/errors'
import { pageMeta } from '~/domain/hotel'
import { pageHandler } from '~/http/form.server'
import { getOutboxMessage } from '~/models/mail-outbox.server'
import { parseIdParam } from '~/schemas/fields'
import { hotelDateTime, requireMailboxReader } from './admin.outbox.server'

// /admin/outbox/{id} — one message of the development mailbox: who it is for,
// its subject, its plain-text part (its links made clickable) and its HTML
// part as the mail app would show it. The HTML is shown in a sandboxed frame
// (srcdoc, no scripts, an origin of its own): a message's markup can never act
// as this page. Its links open in the whole window, so they work as in a mail app.

const MISSING = 'Message not found'

export const loader = pageHandler(async ({ request, params }: Route.LoaderArgs) => {
  await requireMailboxReader(request)
  const id = parseIdParam(params.id)
  const message = id ? await getOutboxMessage(id) : undefined
  if (!message) throw notFound(MISSING)
  return {
    message: {
      id: message.id,
      to: message.recipient,
      subject: message.subject,
      at: new Date(message.created_at).toISOString(),
      when: hotelDateTime(message.created_at),
      sent: message.sent_at !== null,
      text: message.text_body,
      html: withLinksToTheWindow(message.html_body),
      attachments: (message.attachments ?? []).map((a) => a.filename),
    },
  }
})

/** Links in the frame open in the whole window (the frame's sandbox allows that on a click only). */
function withLinksToTheWindow(html: string) {
  const base = '<base target="_top">'
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => head + base)
    : base + html
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/

/** The plain text with its web addresses as links. */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  )
}

export default function OutboxMessagePage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData
  return (
    <div className="container page stack">
      <p>
        <Link to="/admin/outbox">
          <span aria-hidden="true">←</span> All messages
        </Link>
      </p>
      <PageHeader title={message.subject} />
      <dl className="panel stack-sm">
        <div>
          <dt className="field-label">To</dt>
          <dd>{message.to}</dd>
        </div>
        <div>
          <dt className="field-label">When</dt>
          <dd>
            <time dateTime={message.at}>{message.when}</time>
          </dd>
        </div>
        <div>
          <dt className="field-label">Status</dt>
          <dd>{message.sent ? 'Sent' : 'Waiting to be sent'}</dd>
        </div>
        {message.attachments.length ? (
          <div>
            <dt className="field-label">Attachments</dt>
            <dd>{message.attachments.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="html-part" className="stack-sm">
        <h2 id="html-part">As a mail app shows it</h2>
        <iframe
          title={`The message "${message.subject}" as HTML`}
          srcDoc={message.html}
          sandbox="allow-top-navigation-by-user-activation allow-popups allow-popups-to-escape-sandbox"
          style={{
            width: '100%',
            height: '36rem',
            border: '1px solid var(--color-border)',
            borderRadius: 'var(--radius-md, 8px)',
            background: '#fff',
          }}
        />
      </section>
      <section aria-labelledby="text-part" className="stack-sm">
        <h2 id="text-part">Plain text</h2>
        <pre
          className="panel"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
        >
          <TextWithLinks text={message.text} />
        </pre>
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data?.message.subject ?? MISSING, 'A message in the development mailbox.')

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Development mailbox" failure={MISSING} />
}

export { headers } from '~/http/route-headers'
