import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/account.email'
import { AuthCard } from '~/components/auth-card'
import { LinkRefusedCard } from '~/components/link-refused-card'
import { SubmitButton } from '~/components/submit-button'
import { isAppError } from '~/domain/errors'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'
import { getCurrentUser } from '~/http/auth.server'
import { pageHandler } from '~/http/form.server'
import { publicOrigin } from '~/http/public-origin.server'
import { readFormData } from '~/http/request-body.server'
import { checkEmailChangeToken, confirmEmailChange } from '~/models/account-email.server'

// /account/email?token=… — the page a "confirm your new address" mail links
// to. GET only reads the link and shows the address with a Confirm button
// (mail scanners follow links: nothing changes until a person clicks); the
// POST makes the change, and the old address is told. It needs no login: the
// link itself proves the new address, and the request asked for the password.

const TOKEN_MAX = 200

async function refusalOf(run: () => Promise<unknown>) {
  try {
    await run()
    return null
  } catch (error) {
    if (isAppError(error)) return error
    throw error
  }
}

export const loader = pageHandler(async ({ url }: Route.LoaderArgs) => {
  // Where a confirmation made without a session lands (it shows no address).
  if (url.searchParams.get('changed') === '1')
    return { token: '', email: '', refusal: null, changed: true }
  const token = (url.searchParams.get('token') ?? '').slice(0, TOKEN_MAX)
  let email = ''
  const refused = await refusalOf(async () => {
    email = (await checkEmailChangeToken({ token })).email
  })
  if (refused)
    return data(
      { token: '', email, refusal: refused.message, changed: false },
      { status: refused.status },
    )
  return { token, email, refusal: null, changed: false }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const formData = await readFormData(request)
  const token = String(formData.get('token') ?? '').slice(0, TOKEN_MAX)
  const refused = await refusalOf(() =>
    confirmEmailChange({ token, origin: publicOrigin(request) }),
  )
  if (refused) return data({ refusal: refused.message }, { status: refused.status })
  // Logged in here: back to the account page, which shows the new address.
  throw redirect(
    (await getCurrentUser(request)) ? '/account?done=email#email' : '/account/email?changed=1',
  )
})

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData?.refusal ?? loaderData.refusal
  if (refusal)
    return (
      <LinkRefusedCard
        refusal={refusal}
        next={{ to: '/account#email', label: 'Go to my account' }}
      />
    )
  if (loaderData.changed)
    return (
      <AuthCard title="Email address changed" lead="Log in with your new address from now on.">
        <p>
          <Link className="btn btn-primary btn-block btn-lg" to="/login">
            Log in
          </Link>
        </p>
      </AuthCard>
    )
  return (
    <AuthCard
      title="Confirm your new email address"
      lead={`Your ${HOTEL_NAME} account will use ${loaderData.email}. Your old address is told of the change.`}
    >
      <Form
        method="post"
        action={`/account/email?token=${encodeURIComponent(loaderData.token)}`}
        className="form"
      >
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton className="btn btn-primary btn-block btn-lg" pendingText="Confirming…">
          {`Use ${loaderData.email}`}
        </SubmitButton>
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Confirm your new email address', `Confirm the new email of your ${HOTEL_NAME} account.`)

export { headers } from '~/http/route-headers'
