import type { ServerResponse } from 'node:http'

// Answers the server gives itself, before or around the app: each goes out
// with the request's base headers (security headers, request id) in one
// writeHead. Nothing here is cached by anyone (no-store).

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  base: string[],
  extra: string[] = [],
) {
  const body = JSON.stringify(value)
  res.writeHead(status, [
    ...base,
    'Cache-Control',
    'no-store',
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(body)),
    ...extra,
  ])
  res.end(body)
}

export function sendHtml(res: ServerResponse, status: number, html: string, base: string[]) {
  res.writeHead(status, [
    ...base,
    'Cache-Control',
    'no-store',
    'Content-Type',
    'text/html; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(html)),
  ])
  res.end(html)
}
