import { data, redirect } from 'react-router'
import type { Route } from './+types/demo-login'
import { pageHandler } from '~/http/form.server'
import { landingAfterLogin } from '~/http/landing.server'
import { readFormData } from '~/http/request-body.server'
import { startSession } from '~/http/auth.server'
import { enforceLoginPace } from '~/http/login.server'
import { getEnv } from '~/infra/env.server'
import { DEMO_ACCOUNTS, findDemoAccount } from '~/models/demo-seed.server'

// POST /demo-login account=client|employee|manager|owner — the Demo dropdown's
// one-click login. Exists only in demo mode (404 otherwise). The account is
// found by who it is (its demo username and role), not by the shared demo
// password, so a demo password changed on the account page doesn't break the
// menu; a deactivated demo account is not logged in. Lands like any login
// (http/landing.server.ts): staff on today's day sheet unless a way back was asked for.
export const action = pageHandler(async ({ request, context }: Route.ActionArgs) => {
  if (!getEnv().DEMO_MODE) throw new Response('Not found', { status: 404 })
  const form = await readFormData(request)
  const account = DEMO_ACCOUNTS.find((a) => a.key === form.get('account'))
  if (!account) throw data('Unknown demo account', { status: 400 })
  await enforceLoginPace(context.clientIp)
  const user = await findDemoAccount(account.key)
  if (!user) throw new Response('Demo account not found', { status: 404 })
  return redirect(await landingAfterLogin(user, form.get('redirectTo')), {
    headers: await startSession(request, user),
  })
})

export function loader() {
  if (!getEnv().DEMO_MODE) throw new Response('Not found', { status: 404 })
  return redirect('/')
}
