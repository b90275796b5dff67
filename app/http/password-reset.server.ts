import type { User } from '~/domain/user'
import { getEnv } from '~/infra/env.server'
import { requestPasswordReset, resetPassword } from '~/models/password-reset.server'
import { enforceRateLimit } from '~/models/rate-limit.server'
import { revokeAllApiTokens } from '~/models/api-token.server'
import type { ForgotPasswordInput, ResetPasswordInput } from '~/schemas/password-reset'
import { startSession } from './auth.server'
import { addressKey } from './client-address.server'
import { clearLoginThrottle } from './login.server'
import { publicOrigin } from './public-origin.server'

// Forgotten passwords for the page and the API. Asking for a reset mail is
// throttled per address (RATE_LIMIT_PASSWORD_RESETS_PER_IP an hour: nobody
// fills strangers' inboxes from one machine) and per email address asked
// about (RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL an hour, whether or not it has
// an account, so the limit tells nothing either). The answer is the same
// whether or not the address has an account.

export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this email address, we have sent it a link to reset the password. The link works for one hour.'

const HOUR = 60 * 60

export async function askForPasswordReset({
  request,
  input,
  clientIp,
}: {
  request: Request
  input: ForgotPasswordInput
  clientIp: string
}): Promise<{ message: string }> {
  const env = getEnv()
  await enforceRateLimit(
    {
      key: `password-reset:ip:${addressKey(clientIp)}`,
      limit: env.RATE_LIMIT_PASSWORD_RESETS_PER_IP,
      windowSeconds: HOUR,
    },
    'Too many password reset requests from this address. Please try again later.',
  )
  await enforceRateLimit(
    {
      key: `password-reset:email:${input.email.trim().toLowerCase()}`,
      limit: env.RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL,
      windowSeconds: HOUR,
    },
    'Too many password reset requests for this email address. Please try again later.',
  )
  await requestPasswordReset({ email: input.email, origin: publicOrigin(request) })
  return { message: FORGOT_PASSWORD_ANSWER }
}

/**
 * Sets the new password of a reset link (every session of the account ends;
 * its API tokens too when the person asks),
 * forgets the account's failed logins, and logs this browser in.
 */
export async function resetPasswordAndLogIn({
  request,
  input,
}: {
  request: Request
  input: Pick<ResetPasswordInput, 'token' | 'password' | 'revoke_tokens'>
}): Promise<{ user: User; headers: Headers }> {
  const user = await resetPassword({ token: input.token, password: input.password })
  if (input.revoke_tokens) await revokeAllApiTokens({ userId: user.id })
  await clearLoginThrottle(user.email)
  return { user, headers: await startSession(request, user) }
}
