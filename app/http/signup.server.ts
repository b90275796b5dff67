import type { User } from '~/domain/user'
import { getEnv } from '~/infra/env.server'
import { enforceRateLimit } from '~/models/rate-limit.server'
import { createUser } from '~/models/user.server'
import type { SignupInput } from '~/schemas/auth'
import { startSession } from './auth.server'
import { addressKey } from './client-address.server'
import { publicOrigin } from './public-origin.server'

// One signup for the page and the API: at most RATE_LIMIT_SIGNUPS_PER_IP new
// accounts an hour from one address (a bot filling the user table is slowed
// to a trickle), then the account (its welcome mail in the same transaction)
// and its first session.
export async function signUp({
  request,
  input,
  clientIp,
}: {
  request: Request
  input: SignupInput
  clientIp: string
}): Promise<{ user: User; headers: Headers }> {
  await enforceRateLimit(
    {
      key: `signup:ip:${addressKey(clientIp)}`,
      limit: getEnv().RATE_LIMIT_SIGNUPS_PER_IP,
      windowSeconds: 60 * 60,
    },
    'Too many new accounts from this address. Please try again later.',
  )
  const user = await createUser(input, { welcome: { origin: publicOrigin(request) } })
  return { user, headers: await startSession(request, user) }
}
