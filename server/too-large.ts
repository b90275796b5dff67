import type { IncomingMessage, ServerResponse } from 'node:http'
import { bodyLimitFor, DEFAULT_BODY_LIMIT, TOO_LARGE_MESSAGE } from '../app/http/body-limits'
import { HOTEL_NAME } from '../app/domain/hotel'

// The 413 for a body past its route's limit, given before any route runs:
// the contract's JSON error for /api, a short page for a browser's form post
// (with the way back to the page it came from).

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function sendTooLarge(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x')
  const path = url.pathname
  const photos = bodyLimitFor(req.method ?? 'POST', path) > DEFAULT_BODY_LIMIT
  const api = path.startsWith('/api/') || !/text\/html/.test(req.headers.accept ?? '')
  if (res.headersSent) return void res.end()
  if (api) {
    const message = photos ? TOO_LARGE_MESSAGE.photos : TOO_LARGE_MESSAGE.json
    const body = JSON.stringify({ message })
    res.writeHead(413, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    })
    res.end(body)
    return
  }
  const message = photos ? TOO_LARGE_MESSAGE.photos : TOO_LARGE_MESSAGE.form
  const back = escapeHtml(path.replace(/\.data$/, '') || '/')
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large · ${escapeHtml(HOTEL_NAME)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><main><p>Error 413</p><h1>That was too much to send</h1><p>${escapeHtml(message)}.</p><p><a href="${back}">Go back and try again</a></p></main></body></html>`
  res.writeHead(413, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  })
  res.end(body)
}
