// Where to send someone after logging in: only a path on this site, never
// another origin ("//evil.example", "/\\evil.example", "https://…"), so a
// crafted ?redirectTo= link cannot bounce a fresh session elsewhere. The
// checks run on the path as a browser will read it — after dot-segments
// collapse ("/.//evil.example" becomes "//evil.example", which a browser takes
// for another host) — and the path comes back percent-encoded, so it always
// fits in a Location header.
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof to !== 'string' || !to.startsWith('/')) return fallback
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, 'http://this.site')
  } catch {
    return fallback
  }
  if (url.origin !== 'http://this.site') return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  if (!isOnSitePath(to) || !isOnSitePath(path)) return fallback
  // Never back into the auth pages themselves.
  if (/^\/(login|signup|logout|demo-login)(\/|\.data|\?|#|$)/.test(url.pathname)) return fallback
  return path
}

/** A path a browser resolves on this site: one slash, then not a second slash or backslash. */
function isOnSitePath(path: string) {
  return path.startsWith('/') && !/^\/[/\\]/.test(path)
}
