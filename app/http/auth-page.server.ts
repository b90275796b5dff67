import type { Submission } from '@conform-to/react'
import { data, redirect } from 'react-router'
import type { AppError } from '~/domain/errors'
import { getCurrentUser } from './auth.server'
import { attempt, replyWithError } from './form.server'
import { safeRedirect } from './safe-redirect'

// What /login and /signup share: someone already logged in goes on to where
// they were going; a refused form is shown again (passwords never echoed,
// Retry-After kept when throttled); a good one sets the session cookie and
// goes where the visitor was going.

/** The auth page's loader: the way back, or on there at once for someone logged in. */
export async function authPageLoader({ request, url }: { request: Request; url: URL }) {
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  if (await getCurrentUser(request)) throw redirect(redirectTo)
  return { redirectTo }
}

/** Runs the login or signup of a valid form: on, with the cookie, or the form again with why. */
export async function completeAuthForm<
  Schema extends Record<string, unknown>,
  Result extends { headers: Headers },
>({
  formData,
  submission,
  hideFields,
  run,
  landing = (_result, redirectTo) => Promise.resolve(safeRedirect(redirectTo)),
}: {
  formData: FormData
  submission: Submission<Schema, string[]>
  hideFields: string[]
  run: () => Promise<Result>
  /** Where a success goes: by default the safe `redirectTo` of the form (or home). */
  landing?: (result: Result, redirectTo: FormDataEntryValue | null) => Promise<string>
}) {
  const result = await attempt(run)
  if (!result.ok) return refused(submission, result.error, hideFields)
  const to = await landing(result.value, formData.get('redirectTo'))
  throw redirect(to, { headers: result.value.headers })
}

function refused<Schema extends Record<string, unknown>>(
  submission: Submission<Schema, string[]>,
  error: AppError,
  hideFields: string[],
) {
  const headers: HeadersInit = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}
  return data(replyWithError(submission, error, { hideFields }), { status: error.status, headers })
}
