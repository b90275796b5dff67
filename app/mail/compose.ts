import { HOTEL_NAME } from '~/domain/hotel'

// Every message the hotel mails has a plain-text part and an HTML part made
// from the same words, the hotel's name, and at most one action (a link to a
// page that asks for a click before it changes anything: mail scanners follow
// links). The HTML is one narrow column with inline styles, which is what
// phone mail apps render reliably.

export type MailAttachment = { filename: string; contentType: string; content: string }

export type MailMessage = {
  /** What the message is for ('password-reset', 'booking-confirmed', …), for the outbox and logs. */
  kind: string
  to: string
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
}

export type MailContent = {
  kind: string
  to: string
  subject: string
  greeting: string
  /** Paragraphs of plain text. */
  paragraphs: string[]
  action?: { label: string; url: string }
  /** A last line in small print (why you got this, what to do if it wasn't you). */
  footnote?: string
  attachments?: MailAttachment[]
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export function composeMail(content: MailContent): MailMessage {
  const { action, footnote } = content
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    `— ${HOTEL_NAME}`,
  ].join('\n')

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f3ee;color:#2b2521;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#7a4b21">${escapeHtml(HOTEL_NAME)}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#7a4b21;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;font-size:16px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5c534c">If the button doesn't work, open this address: <a href="${escapeHtml(action.url)}" style="color:#7a4b21;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
</div>
${footnote ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#5c534c">${escapeHtml(footnote)}</p>` : ''}
</div>
</body></html>`

  return {
    kind: content.kind,
    to: content.to,
    subject: content.subject,
    text,
    html,
    ...(content.attachments?.length ? { attachments: content.attachments } : {}),
  }
}
