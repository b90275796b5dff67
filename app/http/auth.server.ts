import { redirect } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { getUserById, isAdmin, verifyLogin, type User } from '~/models/user.server'
import { loginSchema } from '~/schemas/auth'
import { fieldErrors } from '~/schemas/fields'
import { getSession } from '~/infra/session.server'

export class LoginError extends Error {
  constructor(
    public status: 400 | 401,
    public errors: Record<string, string>,
  ) {
    super('Login failed')
  }
}

// remix-auth's form strategy does the login for the page and the API alike:
// the JSON API hands it a FormData built from its body.
export const authenticator = new Authenticator<User>()
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = loginSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) throw new LoginError(400, fieldErrors(parsed.error))
    const user = await verifyLogin(parsed.data)
    if (!user) {
      const message = 'Invalid email or password'
      throw new LoginError(401, { email: message, password: message })
    }
    return user
  }),
  'form',
)

/** The logged-in user, or null. A session for a deleted user counts as none. */
export async function getCurrentUser(request: Request): Promise<User | null> {
  const session = await getSession(request)
  const userId = session.get('userId')
  if (typeof userId !== 'number') return null
  return getUserById(userId)
}

// Guards for pages: they throw redirects or 403 responses that the route's
// ErrorBoundary renders as 'Unauthorized'.

export async function requireUser(request: Request, { redirectTo = '/' } = {}): Promise<User> {
  const user = await getCurrentUser(request)
  if (!user) throw redirect(redirectTo)
  return user
}

export async function requireStaff(request: Request): Promise<User> {
  const user = await requireUser(request)
  if (!user.staff) throw new Response('Unauthorized', { status: 403 })
  return user
}

export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request)
  if (!isAdmin(user)) throw new Response('Unauthorized', { status: 403 })
  return user
}

export async function requireAnonymous(request: Request) {
  if (await getCurrentUser(request)) throw redirect('/')
}
