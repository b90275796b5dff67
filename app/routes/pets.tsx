import { Link, Outlet } from 'react-router'
import type { Route } from './+types/pets'
import { pageTitle } from '~/domain/hotel'
import { EmptyState } from '~/components/empty-state'
import { RouteErrorBoundary } from '~/components/error-view'
import { PlusIcon } from '~/components/icons'
import { PetCard } from '~/components/pet-card'
import { listPetCards } from '~/models/pet/queries.server'
import { requireUser } from '~/http/auth.server'
import { pageHandler } from '~/http/form.server'
import { PageHeader } from '~/components/page-header'

// /pets — Manage Pets: a client's own pets, or every pet for staff (with its
// owner). The Add Pet dialog is the child route /pets/new, rendered over this
// page through the <Outlet/> (a page section without JavaScript).
// A visitor is sent to the landing page, which asks them to log in and brings them back.
export const loader = pageHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireUser(request, { via: '/' })
  return { pets: await listPetCards({ actor }), staff: actor.staff }
})

export default function ManagePets({ loaderData }: Route.ComponentProps) {
  const { pets, staff } = loaderData
  const layout =
    pets.length === 1
      ? 'pet-grid pet-grid-single'
      : pets.length === 2
        ? 'pet-grid pet-grid-double'
        : 'pet-grid'
  const addPet = (
    <Link className="btn btn-primary" to="/pets/new" preventScrollReset>
      <PlusIcon />
      Add Pet
    </Link>
  )
  return (
    <div className="container page pets-page">
      <PageHeader
        title="Manage Pets"
        description={
          staff
            ? 'Every guest of the hotel, with their owners.'
            : 'Your pets: open one to see its details or book a stay.'
        }
        actions={addPet}
      />
      {/* The Add Pet dialog: first on the page when it renders as a section (no JavaScript). */}
      <Outlet />

      {pets.length === 0 ? (
        <EmptyState title="No pets!" headingLevel={2} action={addPet}>
          Add your first pet to book a stay.
        </EmptyState>
      ) : (
        <ul className={layout} aria-label="Pets">
          {pets.map((pet) => (
            <PetCard key={pet.id} pet={pet} showOwner={staff} />
          ))}
        </ul>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Manage Pets') }]

export { RouteErrorBoundary as ErrorBoundary }

export { headers } from '~/http/route-headers'
