import type { IncomingMessage, ServerResponse } from 'node:http'
import { TOO_LARGE_MESSAGE, uploadKindFor } from '../app/http/body-limits'
import { HOTEL_NAME } from '../app/domain/hotel'
import { sendHtml, sendJson } from './respond'

// The 413 for a body past its route's limit, given before any route runs:
// the contract's JSON error for /api, a short page for a browser's form post
// (with the way back to the page it came from).

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// The app's colours and type (app/styles/tokens.css), inline: this page is
// answered before any route runs, so it cannot rely on the app's stylesheet.
const PAGE_STYLE = [
  'body{margin:0;background:#fbf6ee;color:#2a1f17;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}',
  'main{max-width:34rem;margin:0 auto;padding:3rem 1.25rem;text-align:center}',
  '.brand{font-family:Georgia,"Times New Roman",serif;font-weight:700;font-size:1.25rem}',
  '.code{color:#6b5a4c;font-family:ui-monospace,monospace;font-size:.875rem;margin-top:2.5rem}',
  'h1{font-family:Georgia,"Times New Roman",serif;font-size:2rem;line-height:1.2;margin:.5rem 0 1rem}',
  '.btn{display:inline-block;margin-top:1rem;padding:.7rem 1.2rem;border-radius:999px;background:#a8431e;color:#fff;font-weight:700;text-decoration:none}',
  '.btn:focus-visible{outline:3px solid #2a1f17;outline-offset:2px}',
].join('')

/** The 413 for a request to `path` (the path of its request line, without the query). */
export function sendTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  base: string[],
) {
  const upload = uploadKindFor(req.method ?? 'POST', path, req.headers['content-type'])
  const api = path.startsWith('/api/') || !/text\/html/.test(req.headers.accept ?? '')
  if (res.headersSent) return void res.end()
  if (api) {
    const message = upload ? TOO_LARGE_MESSAGE[upload] : TOO_LARGE_MESSAGE.json
    sendJson(res, 413, { message }, base)
    return
  }
  const message = upload ? TOO_LARGE_MESSAGE[upload] : TOO_LARGE_MESSAGE.form
  // Only ever a path on this site: "//host" would be another origin.
  const back = escapeHtml(path.replace(/\.data$/, '').replace(/^\/+/, '/') || '/')
  const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large · ${escapeHtml(HOTEL_NAME)}</title><style>${PAGE_STYLE}</style></head><body><main><p class="brand">${escapeHtml(HOTEL_NAME)}</p><p class="code">Error 413</p><h1>That was too much to send</h1><p>${escapeHtml(message)}.</p><p><a class="btn" href="${back}">Go back and try again</a></p></main></body></html>`
  sendHtml(res, 413, body, base)
}
