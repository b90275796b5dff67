import { data, redirect } from 'react-router'
import type { Route } from './+types/demo-login'
import { pageHandler } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import { safeRedirect } from '~/http/safe-redirect'
import { startSession } from '~/http/auth.server'
import { enforceLoginPace } from '~/http/login.server'
import { getEnv } from '~/infra/env.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from '~/models/demo-seed.server'
import { verifyLogin } from '~/models/user.server'

// POST /demo-login account=client|employee|manager|owner — the Demo dropdown's
// one-click login. Exists only in demo mode (404 otherwise). The account must
// still have the shared demo password, so a demo account whose password was
// changed is not a back door.
export const action = pageHandler(async ({ request, context }: Route.ActionArgs) => {
  if (!getEnv().DEMO_MODE) throw new Response('Not found', { status: 404 })
  const form = await readFormData(request)
  const account = DEMO_ACCOUNTS.find((a) => a.key === form.get('account'))
  if (!account) throw data('Unknown demo account', { status: 400 })
  await enforceLoginPace(context.clientIp)
  const user = await verifyLogin({ email: demoEmail(account.key), password: DEMO_PASSWORD })
  if (!user) throw new Response('Demo account not found', { status: 404 })
  return redirect(safeRedirect(form.get('redirectTo')), {
    headers: await startSession(request, user),
  })
})

export function loader() {
  if (!getEnv().DEMO_MODE) throw new Response('Not found', { status: 404 })
  return redirect('/')
}
