import { getFormProps, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { data, Form, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/account'
import { ContactFields } from '~/components/contact-fields'
import { PageErrorBoundary } from '~/components/error-view'
import { FormErrors, InputField, useErrorSummaryAction } from '~/components/form-field'
import { NewPasswordFields, RevokeTokensChoice } from '~/components/new-password-fields'
import { ApiTokens } from '~/components/api-tokens'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'
import { SubmitButton } from '~/components/submit-button'
import { lazySchema, useSchemaForm } from '~/components/use-schema-form'
import { formatWallDateTime } from '~/domain/hotel-time'
import { pageMeta } from '~/domain/hotel'
import { canDeleteOwnAccount } from '~/domain/permissions'
import { getSession, requireUser } from '~/http/auth.server'
import { attempt, pageHandler, parseForm, readIntent, replyWithError } from '~/http/form.server'
import { publicOrigin } from '~/http/public-origin.server'
import { readFormData } from '~/http/request-body.server'
import {
  getPreferences,
  listOwnSessions,
  setBookingReminders,
  updateProfile,
  ACCOUNT_MESSAGES,
} from '~/models/account.server'
import { pendingEmailChange, requestEmailChange } from '~/models/account-email.server'
import { endUserSessions } from '~/models/session.server'
import { changePassword } from '~/models/user.server'
import {
  createApiToken,
  listApiTokens,
  revokeAllApiTokens,
  revokeApiToken,
} from '~/models/api-token.server'
import { apiTokenSchema } from '~/schemas/api-token'
import { formDataToObject } from '~/http/request-body.server'
import {
  changeEmailSchema,
  changePasswordSchema,
  profileSchema,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type ProfileInput,
} from '~/schemas/account'
import '~/styles/account.css'

// /account — every logged-in person's own account, one section per concern,
// each a POST form that works without JavaScript: the profile (the signup
// rules), a new email address (the current password, then a link mailed to
// the new address; nothing changes until it is opened), a new password (the
// current one first; every other session ends), where they are logged in
// (with "Log out everywhere else"), reminder mail (clients), a copy of their
// data (JSON), and deleting the account (clients; its own confirmation page).
// After a change the page opens at the section it was made in.

const INTENTS = [
  'profile',
  'email',
  'password',
  'sessions',
  'reminders',
  'create-token',
  'revoke-token',
] as const
type Intent = (typeof INTENTS)[number] | 'api-tokens'

/** What a successful post did, shown in its section after the redirect. */
const DONE: Record<string, { section: Intent; message: string }> = {
  profile: { section: 'profile', message: 'Profile saved.' },
  'email-sent': {
    section: 'email',
    message: 'We sent a link to your new address. Open it to confirm the change.',
  },
  email: { section: 'email', message: 'Your email address has been changed.' },
  password: {
    section: 'password',
    message: 'Password changed. You are logged out everywhere else.',
  },
  'password-tokens': {
    section: 'password',
    message:
      'Password changed. You are logged out everywhere else, and your API tokens are revoked.',
  },
  sessions: { section: 'sessions', message: 'You are logged out everywhere else.' },
  'token-revoked': { section: 'api-tokens', message: 'Token revoked.' },
  'reminders-on': { section: 'reminders', message: 'Reminders are on.' },
  'reminders-off': { section: 'reminders', message: 'Reminders are off.' },
}

const PASSWORD_FIELDS = ['current_password', 'password', 'confirm_password']

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const user = await requireUser(request)
  const session = await getSession(request)
  const [preferences, sessions, pendingEmail, tokens] = await Promise.all([
    getPreferences({ actor: user }),
    listOwnSessions({ actor: user, currentSessionId: session?.sessionId ?? '' }),
    pendingEmailChange({ actor: user }),
    listApiTokens({ actor: user }),
  ])
  return {
    user,
    preferences,
    sessions,
    pendingEmail,
    tokens,
    canDelete: canDeleteOwnAccount(user),
    done: DONE[url.searchParams.get('done') ?? ''] ?? null,
  }
})

type ActionResult = {
  form: Intent
  result?: SubmissionResult<string[]>
  /** A token just made (shown once) or why it was not. */
  created?: { name: string; token: string }
  tokenError?: string
}

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const user = await requireUser(request)
  const formData = await readFormData(request)
  const { intent, id } = readIntent(formData, INTENTS)
  const done = (what: keyof typeof DONE) => redirect(`/account?done=${what}#${DONE[what].section}`)
  const refuse = (result: SubmissionResult<string[]>, status: number) =>
    data<ActionResult>({ form: intent, result }, { status })

  if (intent === 'sessions') {
    const session = await getSession(request)
    await endUserSessions({ actor: user, userId: user.id, exceptSessionId: session?.sessionId })
    return done('sessions')
  }
  if (intent === 'create-token' || intent === 'revoke-token') {
    if (intent === 'revoke-token') {
      // Gone already (another tab): the list shows the truth.
      if (id !== null) await attempt(() => revokeApiToken({ actor: user, id }))
      return done('token-revoked')
    }
    // Shown once, here: no redirect, so a reload does not show it again.
    const parsed = apiTokenSchema.safeParse(formDataToObject(formData))
    const made = parsed.success
      ? await attempt(() => createApiToken({ actor: user, input: parsed.data }))
      : null
    if (!made?.ok)
      return data<ActionResult>(
        {
          form: 'api-tokens',
          tokenError: made ? made.error.message : parsed.error!.issues[0].message,
        },
        { status: made ? made.error.status : 400 },
      )
    return data<ActionResult>({
      form: 'api-tokens',
      created: { name: made.value.apiToken.name, token: made.value.token },
    })
  }
  if (intent === 'reminders') {
    // A checkbox: sent when ticked, missing when not.
    const on = formData.has('booking_reminders')
    await setBookingReminders({ actor: user, on })
    return done(on ? 'reminders-on' : 'reminders-off')
  }

  const schema = {
    profile: profileSchema,
    email: changeEmailSchema,
    password: changePasswordSchema,
  }[intent]
  const hideFields = intent === 'profile' ? undefined : PASSWORD_FIELDS
  const submission = parseForm(formData, schema)
  if (submission.status !== 'success') {
    const formError = {
      profile: ACCOUNT_MESSAGES.profileFailed,
      email: ACCOUNT_MESSAGES.emailFailed,
      password: 'Password was not changed',
    }[intent]
    return refuse(submission.reply({ formErrors: [formError], hideFields }), 400)
  }
  const run = async () => {
    if (intent === 'profile') {
      await updateProfile({ actor: user, input: submission.value as ProfileInput })
      return 'profile'
    }
    if (intent === 'email') {
      const input = submission.value as ChangeEmailInput
      await requestEmailChange({
        actor: user,
        email: input.email,
        currentPassword: input.current_password,
        origin: publicOrigin(request),
      })
      return 'email-sent'
    }
    const input = submission.value as ChangePasswordInput
    const session = await getSession(request)
    await changePassword({
      actor: user,
      currentPassword: input.current_password,
      newPassword: input.password,
      sessionId: session?.sessionId,
    })
    if (!input.revoke_tokens) return 'password'
    await revokeAllApiTokens({ userId: user.id })
    return 'password-tokens'
  }
  const result = await attempt(run)
  if (!result.ok)
    return refuse(replyWithError(submission, result.error, { hideFields }), result.error.status)
  return done(result.value)
})

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, preferences, sessions, pendingEmail, tokens, canDelete, done } = loaderData
  const notice = (section: Intent) =>
    done && done.section === section && !actionData ? (
      <Notice tone="success">{done.message}</Notice>
    ) : null
  const lastResult = (form: Intent) => (actionData?.form === form ? actionData.result : undefined)
  const others = sessions.filter((s) => !s.current).length

  return (
    <div className="container-narrow page account-page">
      <PageHeader
        title="Your account"
        description={`${user.fname} ${user.lname} · ${user.email}`}
      />
      <nav aria-label="Account sections" className="account-nav">
        <ul className="cluster">
          <li>
            <a href="#profile">Profile</a>
          </li>
          <li>
            <a href="#email">Email</a>
          </li>
          <li>
            <a href="#password">Password</a>
          </li>
          <li>
            <a href="#sessions">Sessions</a>
          </li>
          {!user.staff ? (
            <li>
              <a href="#reminders">Reminders</a>
            </li>
          ) : null}
          <li>
            <a href="#api-tokens">API tokens</a>
          </li>
          <li>
            <a href="#data">Your data</a>
          </li>
        </ul>
      </nav>

      <Section id="profile" title="Profile">
        {notice('profile')}
        <ProfileForm user={user} lastResult={lastResult('profile')} />
      </Section>

      <Section
        id="email"
        title="Email address"
        lead={`Mail goes to ${user.email}. A new address takes effect once you open the link we send to it.`}
      >
        {notice('email')}
        {pendingEmail && !done ? (
          <Notice tone="info" quiet>
            {`Waiting for you to confirm ${pendingEmail}: open the link we mailed there.`}
          </Notice>
        ) : null}
        <EmailForm lastResult={lastResult('email')} />
      </Section>

      <Section
        id="password"
        title="Password"
        lead="After the change you stay logged in here and are logged out everywhere else."
      >
        {notice('password')}
        <PasswordForm lastResult={lastResult('password')} tokens={tokens.length} />
      </Section>

      <Section id="sessions" title="Where you're logged in">
        {notice('sessions')}
        <ul className="session-list">
          {sessions.map((s, i) => (
            <li key={i} className="session-item">
              <strong>{s.device}</strong>
              {s.current ? <span className="badge badge-primary">This device</span> : null}
              <span className="muted">
                Logged in {formatWallDateTime(`${s.created_at}:00`)} · last active{' '}
                {formatWallDateTime(`${s.last_seen_at}:00`)}
              </span>
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Form method="post" action="/account#sessions">
            <input type="hidden" name="intent" value="sessions" />
            <SubmitButton className="btn btn-secondary" pendingText="Logging out…">
              Log out everywhere else ({others})
            </SubmitButton>
          </Form>
        ) : (
          <p className="muted">You aren't logged in anywhere else.</p>
        )}
      </Section>

      {!user.staff ? (
        <Section id="reminders" title="Reminders">
          {notice('reminders')}
          <Form method="post" action="/account#reminders" className="form">
            <input type="hidden" name="intent" value="reminders" />
            <label className="choice">
              <input
                type="checkbox"
                name="booking_reminders"
                defaultChecked={preferences.booking_reminders}
                key={String(preferences.booking_reminders)}
              />
              Email me a reminder the day before I drop a pet off
            </label>
            <div className="form-actions">
              <SubmitButton pendingText="Saving…">Save reminder settings</SubmitButton>
            </div>
          </Form>
        </Section>
      ) : null}

      <Section
        id="api-tokens"
        title="API tokens"
        lead="For your own scripts and integrations: send a token as “Authorization: Bearer <token>” to /api, with your rights. The API is described at /api/docs."
      >
        {notice('api-tokens')}
        <ApiTokens
          tokens={tokens}
          created={actionData?.form === 'api-tokens' ? actionData.created : undefined}
          error={actionData?.form === 'api-tokens' ? actionData.tokenError : undefined}
          staff={user.staff}
        />
      </Section>

      <Section
        id="data"
        title="Your data"
        lead="A copy of your profile, pets, bookings and reviews, as a JSON file."
      >
        <p>
          <a className="btn btn-secondary" href="/account/data" download>
            Download my data
          </a>
        </p>
      </Section>

      {canDelete ? (
        <Section
          id="delete"
          danger
          title="Delete your account"
          lead="Your pets, their photos and upcoming stays go with it. You'll be asked to confirm."
        >
          <p>
            <Link className="btn btn-danger" to="/account/delete">
              Delete my account…
            </Link>
          </p>
        </Section>
      ) : null}
    </div>
  )
}

function Section({
  id,
  title,
  lead,
  danger = false,
  children,
}: {
  id: string
  title: string
  lead?: string
  danger?: boolean
  children: ReactNode
}) {
  return (
    <section
      id={id}
      className={`section panel stack${danger ? ' account-danger' : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {lead ? <p className="muted">{lead}</p> : null}
      {children}
    </section>
  )
}

const loadAccountSchemas = () => import('~/schemas/account')

type Values<T> = Record<keyof T, string>

function ProfileForm({
  user,
  lastResult,
}: {
  user: ProfileInput
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useSchemaForm<Values<ProfileInput>, ProfileInput>(
    lazySchema(loadAccountSchemas, (schemas) => schemas.profileSchema),
    {
      id: 'profile-form',
      lastResult,
      defaultValue: {
        username: user.username,
        fname: user.fname,
        lname: user.lname,
        phone_num: user.phone_num,
        address: user.address,
        city: user.city,
        state: user.state,
        zip: user.zip,
      },
    },
  )
  return (
    <Form method="post" action={useErrorSummaryAction()} {...getFormProps(form)} className="form">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors form={form} />
      <div className="form-grid">
        <InputField meta={fields.fname} label="First name" autoComplete="given-name" />
        <InputField meta={fields.lname} label="Last name" autoComplete="family-name" />
      </div>
      <InputField meta={fields.username} label="Username" autoComplete="username" />
      <ContactFields fields={fields} />
      <div className="form-actions">
        <SubmitButton pendingText="Saving…">Save profile</SubmitButton>
      </div>
    </Form>
  )
}

function EmailForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm<Values<ChangeEmailInput>, ChangeEmailInput>(
    lazySchema(loadAccountSchemas, (schemas) => schemas.changeEmailSchema),
    { id: 'email-form', lastResult },
  )
  return (
    <Form method="post" action={useErrorSummaryAction()} {...getFormProps(form)} className="form">
      <input type="hidden" name="intent" value="email" />
      <FormErrors form={form} />
      <InputField meta={fields.email} label="New email address" type="email" autoComplete="email" />
      <InputField
        meta={fields.current_password}
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <div className="form-actions">
        <SubmitButton pendingText="Sending…">Send confirmation link</SubmitButton>
      </div>
    </Form>
  )
}

function PasswordForm({
  lastResult,
  tokens,
}: {
  lastResult?: SubmissionResult<string[]>
  /** How many API tokens the person has: they are asked whether these end too. */
  tokens: number
}) {
  const [form, fields] = useSchemaForm<Values<ChangePasswordInput>, ChangePasswordInput>(
    lazySchema(loadAccountSchemas, (schemas) => schemas.changePasswordSchema),
    { id: 'password-form', lastResult },
  )
  return (
    <Form method="post" action={useErrorSummaryAction()} {...getFormProps(form)} className="form">
      <input type="hidden" name="intent" value="password" />
      <FormErrors form={form} />
      <InputField
        meta={fields.current_password}
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={fields.password}
        confirm={fields.confirm_password}
        label="New password"
      />
      {tokens ? <RevokeTokensChoice count={tokens} /> : null}
      <div className="form-actions">
        <SubmitButton pendingText="Saving…">Change password</SubmitButton>
      </div>
    </Form>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Your account', 'Your profile, email, password, sessions and data.')

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Your account" failure="Your account could not be loaded" />
}

export { headers } from '~/http/route-headers'
