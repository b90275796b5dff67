import { Link } from '~/components/link'
import type { Route } from './+types/account.deleted'
import { AuthCard } from '~/components/auth-card'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'

// /account/deleted — where deleting an account ends: a goodbye (the session
// is already gone, so it shows nothing of the account).

export default function AccountDeletedPage() {
  return (
    <AuthCard
      title="Your account has been deleted"
      lead={`Thank you for staying with ${HOTEL_NAME}. We mailed you a last message to confirm.`}
    >
      <p>
        <Link className="btn btn-primary btn-block btn-lg" to="/">
          Back to the home page
        </Link>
      </p>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Account deleted', `Your ${HOTEL_NAME} account has been deleted.`)

export { headers } from '~/http/route-headers'
