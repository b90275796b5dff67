import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
// The same renderer as react-dom/server's, over Node's streams too, but
// writing strings where the Node build writes bytes (see onAllReady), and
// without the AsyncLocalStorage that makes every promise of the process
// pay for async hooks. It needs nothing of Bun.
import { renderToPipeableStream } from 'react-dom/server.bun'
import { MarkupMemoContext } from '~/components/memoized-markup'
import { logFailure } from '~/http/log-failure.server'
import { utf8Bytes } from '~/infra/utf8-bytes.server'
import { createMarkupMemo } from './markup-memo.server'

export const streamTimeout = 5_000

// The site's menus and footer, written once for each set of their inputs and
// reused by every page after (components/memoized-markup.tsx).
const markupMemo = createMarkupMemo()

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  // The per-request nonce that the Content-Security-Policy allows (server/app.ts).
  const nonce = loadContext.cspNonce

  return new Promise((resolve, reject) => {
    let shellRendered = false
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )

    const { pipe, abort } = renderToPipeableStream(
      <MarkupMemoContext.Provider value={markupMemo}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </MarkupMemoContext.Provider>,
      {
        nonce,
        // A finished <Suspense> boundary (the forms split out by
        // components/lazy-in-browser.tsx) stays in the page where it stands.
        // By default React sends one apart, to be moved in place by a script,
        // once the page has passed 12.8 KB: without JavaScript it would stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole page, then one answer. Every loader has finished before
        // React renders (no page defers data), so nothing waits for the rest
        // of the page, for a person or a bot; and a page in one piece goes out
        // in one write with its length, without a stream per request.
        onShellReady() {
          // From here an error in the page is React's to recover from (and ours to log).
          shellRendered = true
        },
        onAllReady() {
          // React's build for Bun writes the page as strings, joined here and
          // encoded once, in one pass (utf8Bytes). (Its Node build encodes
          // each of a page's many small pieces into a buffer of its own: 8% of
          // the server's time in a profile of a client's /pets. A Response
          // made from the string would scan it for lone surrogates first: 2.5%
          // more.)
          let html = ''
          const page = {
            write(chunk: string) {
              html += chunk
              return true
            },
            end() {
              clearTimeout(timeoutId)
              timeoutId = undefined
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              resolve(
                new Response(utf8Bytes(html), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              )
            },
            // React listens for 'drain', 'error' and 'close': a string never
            // fills up, fails or closes.
            on: () => page,
            destroy: (error: unknown) => reject(error),
          }
          pipe(page as unknown as NodeJS.WritableStream)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) loadContext.logger?.error({ err: error }, 'render error')
        },
      },
    )
  })
}

/**
 * Logs what went wrong on our side. Not errors: a request its client gave up
 * on, and React Router's own refusals below 500 (a URL no route matches — every
 * bot's /wp-admin — or a method no route serves); the request line says those.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isRouteErrorResponse(error) && error.status < 500) return
  logFailure(error, { request, context: context as AppLoadContext | undefined })
}
