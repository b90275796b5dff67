import { type SubmissionResult } from '@conform-to/react'
import { data, redirect, useLocation } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/users'
import { pageMeta } from '~/domain/hotel'
import { EmptyState } from '~/components/empty-state'
import { PageErrorBoundary } from '~/components/error-view'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'
import { Pagination, readPageParam } from '~/components/pagination'
import { assertCan, canManageUsers } from '~/domain/permissions'
import { USER_SEARCH_MAX } from '~/domain/staff'
import type { AccountEvent } from '~/domain/user'
import { getCurrentUser, requireUser } from '~/http/auth.server'
import { attempt, pageHandler, parseForm, readIntent, replyWithError } from '~/http/form.server'
import { publicOrigin } from '~/http/public-origin.server'
import { readFormData } from '~/http/request-body.server'
import {
  endAccountSessions,
  inviteStaff,
  listAccountPages,
  setActive,
  setPosition,
  type AccountGroup,
  type ManagedUser,
} from '~/models/user-admin.server'
import { clientAccountSchema, invitationSchema, positionSchema } from '~/schemas/staff'
import { parseIdParam } from '~/schemas/fields'
import { createClientAccount } from '~/models/client-accounts.server'
import { ClientForm, InviteForm, UserSearch } from '~/components/user-admin-forms'
import { UserTable, type UserRow } from '~/components/user-table'
import { loaderJson, useLoaderJson } from '~/components/loader-json'

// /users — the Owner's and Managers' staff management: Active Users grouped
// as Clients, Employees, Managers and the Owner, and the deactivated accounts
// in a section of their own, each paged on its own (?clients=2 …) and all
// searched by name or email with a plain GET form (?q=). Invite a staff
// member, change a position, deactivate / reactivate, end all sessions: POST
// forms with an intent that work without JavaScript, with confirm dialogs
// when it runs. Everyone else, logged out included, sees 'Unauthorized' (403).
const GROUPS: { key: string; group: AccountGroup; title: string }[] = [
  { key: 'clients', group: 'clients', title: 'Clients' },
  { key: 'employees', group: 'Employee', title: 'Employees' },
  { key: 'managers', group: 'Manager', title: 'Managers' },
  { key: 'owners', group: 'Owner', title: 'Owner' },
  { key: 'deactivated', group: 'deactivated', title: 'Deactivated' },
]

const INTENTS = [
  'invite',
  'add-client',
  'position',
  'deactivate',
  'reactivate',
  'end-sessions',
] as const

/** What a row action did, shown at the top of the page after its redirect. */
const DONE: Record<string, string> = {
  invited: 'Invitation sent.',
  client:
    'Client account made. They have an email with their username and a link to choose a password.',
  position: 'Position changed.',
  deactivated: 'Account deactivated; its sessions have ended.',
  reactivated: 'Account reactivated.',
  sessions: 'All sessions of the account have ended.',
}

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await getCurrentUser(request)
  assertCan(canManageUsers(actor))
  const search = (url.searchParams.get('q') ?? '').slice(0, USER_SEARCH_MAX)
  const sections = GROUPS.map(({ key, group, title }) => ({
    key,
    title,
    group,
    page: readPageParam(url, key),
  }))
  const pages = await listAccountPages({ actor, sections, search })
  const groups = sections.map(({ key, title, page }, i) => ({
    key,
    title,
    page,
    hasMore: pages[i].hasMore,
    users: pages[i].users.map(toRow),
  }))
  const done = DONE[url.searchParams.get('done') ?? ''] ?? null
  // A client account just made: the way on to their pet (and so their booking).
  const newClient = parseIdParam(url.searchParams.get('client') ?? undefined)
  return loaderJson({
    groups,
    search,
    done,
    newClient,
    actor: { id: actor!.id, staff: actor!.staff, position: actor!.position },
  })
})

type ActionResult =
  | { form: 'invite' | 'add-client'; result: SubmissionResult<string[]> }
  | { form: 'row'; userId: number; message: string }

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const actor = await requireUser(request, { can: canManageUsers })
  const formData = await readFormData(request)
  const { intent, id } = readIntent(formData, INTENTS)
  // Back to the list as it was (search and pages kept), with what was done.
  const back = (done: string) => {
    const params = new URL(request.url).searchParams
    params.delete('confirm')
    params.delete('index')
    params.set('done', done)
    return redirect(`/users?${params}`)
  }

  if (intent === 'add-client') {
    const submission = parseForm(formData, clientAccountSchema)
    if (submission.status !== 'success')
      return data<ActionResult>({ form: 'add-client', result: submission.reply() }, { status: 400 })
    const made = await attempt(() =>
      createClientAccount({ actor, input: submission.value, origin: publicOrigin(request) }),
    )
    if (!made.ok)
      return data<ActionResult>(
        { form: 'add-client', result: replyWithError(submission, made.error) },
        { status: made.error.status },
      )
    return redirect(`/users?done=client&client=${made.value.id}#new-client`)
  }

  if (intent === 'invite') {
    const submission = parseForm(formData, invitationSchema)
    if (submission.status !== 'success')
      return data<ActionResult>({ form: 'invite', result: submission.reply() }, { status: 400 })
    const input = submission.value
    const sent = await attempt(() => inviteStaff({ actor, input, origin: publicOrigin(request) }))
    if (!sent.ok)
      return data<ActionResult>(
        { form: 'invite', result: replyWithError(submission, sent.error) },
        { status: sent.error.status },
      )
    return back('invited')
  }

  if (id === null) return data<ActionResult>(rowError(0, "User couldn't be found"), { status: 404 })
  const position = positionSchema.safeParse({ position: formData.get('position') })
  if (intent === 'position' && !position.success)
    return data<ActionResult>(rowError(id, 'Position must be Employee or Manager'), {
      status: 400,
    })
  const run = async () => {
    if (intent === 'position' && position.success) {
      await setPosition({ actor, userId: id, position: position.data.position })
      return 'position'
    }
    if (intent === 'deactivate' || intent === 'reactivate') {
      await setActive({ actor, userId: id, active: intent === 'reactivate' })
      return intent === 'deactivate' ? 'deactivated' : 'reactivated'
    }
    await endAccountSessions({ actor, userId: id })
    return 'sessions'
  }
  const done = await attempt(run)
  if (!done.ok)
    return data<ActionResult>(rowError(id, done.error.message), { status: done.error.status })
  return back(done.value)
})

const rowError = (userId: number, message: string): ActionResult => ({
  form: 'row',
  userId,
  message,
})

/** Only what the table shows. */
function toRow(user: ManagedUser & { events: AccountEvent[] }): UserRow {
  return {
    id: user.id,
    name: `${user.fname} ${user.lname}`,
    username: user.username,
    email: user.email,
    phone: user.phone_num,
    place: `${user.city}, ${user.state}`,
    staff: user.staff,
    position: user.position ?? null,
    active: user.active,
    events: user.events,
  }
}
export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, search, done, newClient, actor } = useLoaderJson(loaderData)
  const result = actionData as ActionResult | undefined
  const location = useLocation()
  const active = groups.filter((g) => g.key !== 'deactivated')
  const empty = active.every((g) => g.users.length === 0 && g.page === 1)
  return (
    <div className="container page">
      <PageHeader
        title="Active Users"
        description="Everyone with an account, by role. Add clients, invite staff, change positions and deactivate accounts."
      />
      {done ? (
        <div id="new-client" className="stack-sm">
          <Notice tone="success">
            {done}
            {newClient ? (
              <>
                {' '}
                <Link to={`/pets/new?owner=${newClient}`}>Add their pet</Link>, then book its stay.
              </>
            ) : null}
          </Notice>
        </div>
      ) : null}
      {result?.form === 'row' && result.userId === 0 ? (
        <Notice tone="error">{result.message}</Notice>
      ) : null}
      <UserSearch search={search} />
      {empty && search ? (
        <EmptyState title="No users found" headingLevel={2}>
          No name or email contains “{search}”.
        </EmptyState>
      ) : empty ? (
        <EmptyState title="No users available" headingLevel={2} />
      ) : null}
      <div className="stack-lg">
        {groups.map((g) =>
          empty && g.key !== 'deactivated' ? null : (
            <section key={g.key} aria-labelledby={`users-${g.key}`} className="stack-sm">
              <h2 id={`users-${g.key}`}>{g.title}</h2>
              {g.users.length === 0 ? (
                <p className="muted">
                  {g.key === 'deactivated' ? 'No deactivated accounts' : 'No users available'}
                </p>
              ) : (
                <UserTable
                  title={g.title}
                  users={g.users}
                  actor={actor}
                  rowError={result?.form === 'row' ? result : null}
                />
              )}
              <Pagination
                page={g.page}
                hasMore={g.hasMore}
                param={g.key}
                label={`${g.title} pages`}
              />
            </section>
          ),
        )}
      </div>
      <ClientForm
        key={done ? `client-${location.key}` : 'client'}
        lastResult={result?.form === 'add-client' ? result.result : undefined}
      />
      <InviteForm
        // A sent invitation starts a blank form (with JavaScript the form would keep its values).
        key={done ? location.key : 'invite'}
        actor={actor}
        lastResult={result?.form === 'invite' ? result.result : undefined}
      />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ error }) =>
  pageMeta(
    error ? 'Unauthorized' : 'Users',
    'The hotel’s users: clients, employees and managers, and staff invitations.',
  )

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Active Users" failure="Could not get all users" />
}

export { headers } from '~/http/route-headers'
