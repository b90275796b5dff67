import type { Route } from './+types/users'
import { pageMeta } from '~/domain/hotel'
import { EmptyState } from '~/components/empty-state'
import { PageErrorBoundary } from '~/components/error-view'
import { PageHeader } from '~/components/page-header'
import { Pagination, readPageParam } from '~/components/pagination'
import { assertCan, canManageUsers } from '~/domain/permissions'
import type { User } from '~/domain/user'
import { getCurrentUser } from '~/http/auth.server'
import { pageHandler } from '~/http/form.server'
import { listUsersPage } from '~/models/user.server'

// /users — Active Users grouped as Clients, Employees, Managers (and the
// Owner), each paged on its own (?clients=2 …). The Owner and Managers only;
// everyone else, logged out included, sees 'Unauthorized' (403).
const GROUPS = [
  { key: 'clients', group: 'clients', title: 'Clients' },
  { key: 'employees', group: 'Employee', title: 'Employees' },
  { key: 'managers', group: 'Manager', title: 'Managers' },
  { key: 'owners', group: 'Owner', title: 'Owner' },
] as const

// Everyone else, logged out included, gets the access-denied page (403), which
// offers a visitor the way to log in.
export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await getCurrentUser(request)
  assertCan(canManageUsers(actor))
  const groups = await Promise.all(
    GROUPS.map(async ({ key, group, title }) => {
      const page = readPageParam(url, key)
      const { users, hasMore } = await listUsersPage({ actor, group, page })
      return { key, title, page, hasMore, users: users.map(toRow) }
    }),
  )
  return { groups }
})

/** Only what the table shows. */
function toRow(user: User) {
  return {
    id: user.id,
    name: `${user.fname} ${user.lname}`,
    username: user.username,
    email: user.email,
    phone: user.phone_num,
    place: `${user.city}, ${user.state}`,
  }
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData
  const empty = groups.every((g) => g.users.length === 0 && g.page === 1)
  return (
    <div className="container page">
      <PageHeader title="Active Users" description="Everyone with an account, by role." />
      {empty ? (
        <EmptyState title="No users available" headingLevel={2} />
      ) : (
        <div className="stack-lg">
          {groups.map((g) => (
            <section key={g.key} aria-labelledby={`users-${g.key}`} className="stack-sm">
              <h2 id={`users-${g.key}`}>{g.title}</h2>
              {g.users.length === 0 ? (
                <p className="muted">No users available</p>
              ) : (
                <div className="table-wrap">
                  <table className="table table-stack">
                    <caption className="visually-hidden">{g.title}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Username</th>
                        <th scope="col">Email</th>
                        <th scope="col">Phone</th>
                        <th scope="col">City</th>
                      </tr>
                    </thead>
                    <tbody>
                      {g.users.map((u) => (
                        <tr key={u.id}>
                          <th scope="row" data-label="Name">
                            {u.name}
                          </th>
                          <td data-label="Username">{u.username}</td>
                          <td data-label="Email">
                            <a href={`mailto:${u.email}`}>{u.email}</a>
                          </td>
                          <td data-label="Phone" className="nowrap">
                            {formatPhone(u.phone)}
                          </td>
                          <td data-label="City">{u.place}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pagination
                page={g.page}
                hasMore={g.hasMore}
                param={g.key}
                label={`${g.title} pages`}
              />
            </section>
          ))}
        </div>
      )}
    </div>
  )
}

function formatPhone(digits: string) {
  return /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits
}

export const meta: Route.MetaFunction = ({ error }) =>
  pageMeta(
    error ? 'Unauthorized' : 'Users',
    'The hotel’s active users: clients, employees and managers.',
  )

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Active Users" failure="Could not get all users" />
}

export { headers } from '~/http/route-headers'
