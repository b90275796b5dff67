import { useEffect, useRef } from 'react'
import { Form, Outlet } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/pets'
import { pageMeta } from '~/domain/hotel'
import { PET_SEARCH_MAX } from '~/domain/pet'
import { EmptyState } from '~/components/empty-state'
import { RouteErrorBoundary } from '~/components/error-view'
import { PlusIcon } from '~/components/icons'
import { PetCardList } from '~/components/pet-card'
import { Pagination, readPageParam } from '~/components/pagination'
import { listPetCards } from '~/models/pet/queries.server'
import { requireUser } from '~/http/auth.server'
import { pageHandler } from '~/http/form.server'
import { PageHeader } from '~/components/page-header'
import { loaderJson, useLoaderJson } from '~/components/loader-json'

// /pets — Manage Pets: a client's own pets, or every pet for staff (with its
// owner). The Add Pet dialog is the child route /pets/new, rendered over this
// page through the <Outlet/> (a page section without JavaScript).
// A visitor is sent to the landing page, which asks them to log in and brings them back.
// Staff see the whole hotel a page at a time, and find a pet by its name or
// its owner's with a plain GET form (?q=), which works without JavaScript.
export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await requireUser(request, { via: '/' })
  const page = readPageParam(url)
  const search = actor.staff ? (url.searchParams.get('q') ?? '').slice(0, PET_SEARCH_MAX) : ''
  const { pets, hasMore } = await listPetCards({ actor, page, search })
  return loaderJson({ pets, hasMore, page, search, staff: actor.staff })
})

export default function ManagePets({ loaderData }: Route.ComponentProps) {
  const { pets, hasMore, page, search, staff } = useLoaderJson(loaderData)
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

      {staff ? <PetSearch search={search} /> : null}

      {pets.length === 0 && search && page === 1 ? (
        <EmptyState title="No pets found" headingLevel={2}>
          No pet or owner name contains “{search}”.
        </EmptyState>
      ) : pets.length === 0 && page === 1 ? (
        <EmptyState
          title="No pets!"
          headingLevel={2}
          action={
            <Link className="btn btn-primary btn-lg" to="/pets/new" preventScrollReset>
              <PlusIcon />
              Add your first pet
            </Link>
          }
        >
          Add your first pet to book a stay.
        </EmptyState>
      ) : (
        <PetCardList className={layout} pets={pets} showOwner={staff} />
      )}
      <Pagination page={page} hasMore={hasMore} label="Pets pages" />
    </div>
  )
}

/** Find a pet by its name or its owner's: a GET form, so the results have a URL. */
function PetSearch({ search }: { search: string }) {
  // The field follows the URL when it changes in the browser (Clear, Back), as
  // it does on a page load: defaultValue only sets a field that is new.
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (field.current) field.current.value = search
  }, [search])
  return (
    <Form method="get" role="search" className="pet-search" aria-label="Pets">
      <label className="field-label" htmlFor="pet-search">
        Pet or owner name
      </label>
      <div className="pet-search-row">
        <input
          ref={field}
          id="pet-search"
          className="field-control"
          type="search"
          name="q"
          defaultValue={search}
          maxLength={PET_SEARCH_MAX}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
        {search ? (
          <Link className="btn btn-ghost" to="/pets">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Manage Pets', 'Your pets at the hotel: their profiles, photos and reservations.')

export { RouteErrorBoundary as ErrorBoundary }

export { headers } from '~/http/route-headers'
