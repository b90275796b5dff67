// Where to send someone after logging in: only a path on this site, never
// another origin ("//evil.example", "/\\evil.example", "https://…"), so a
// crafted ?redirectTo= link cannot bounce a fresh session elsewhere.
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof to !== 'string' || !to) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  if (/[\u0000-\u001f]/.test(to)) return fallback
  // Never back into the auth pages themselves.
  if (/^\/(login|signup|logout|demo-login)(\/|\?|$)/.test(to)) return fallback
  return to
}
