// Where to send someone after logging in: only a path on this site, never
// another origin ("//evil.example", "/\\evil.example", "https://…"), so a
// crafted ?redirectTo= link cannot bounce a fresh session elsewhere. The path
// comes back percent-encoded, so it always fits in a Location header.
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof to !== 'string' || !to) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback
  // Never back into the auth pages themselves.
  if (/^\/(login|signup|logout|demo-login)(\/|\?|$)/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, 'http://this.site')
  } catch {
    return fallback
  }
  if (url.origin !== 'http://this.site') return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
