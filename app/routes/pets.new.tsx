import { data, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/pets.new'
import { pageMeta } from '~/domain/hotel'
import { ModalDialog } from '~/components/modal-dialog'
import { PetForm } from '~/components/pet-form'
import { canAddPetFor } from '~/domain/permissions'
import { requireUser } from '~/http/auth.server'
import { getUser } from '~/models/user.server'
import { parseIdParam } from '~/schemas/fields'
import { attempt, pageHandler } from '~/http/form.server'
import { readPetPageBody, readPetPageForm } from '~/http/pet-form.server'
import { hotelClock } from '~/infra/clock.server'
import { PET_FAILURES } from '~/models/pet/rows.server'
import { createPet } from '~/models/pet/write.server'

// /pets/new — the Add Pet dialog over Manage Pets (a child route of /pets).
// After success the client lands on the new pet's page. Staff adding a pet
// for a client (?owner={id}, from a client account just made) add it for them.
export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await requireUser(request, { via: '/' })
  const ownerId = parseIdParam(url.searchParams.get('owner') ?? undefined)
  const owner =
    ownerId !== null && ownerId !== actor.id && canAddPetFor(actor, ownerId)
      ? await getUser({ actor, id: ownerId })
      : null
  return {
    today: hotelClock().today,
    owner: owner && !owner.staff ? { id: owner.id, name: `${owner.fname} ${owner.lname}` } : null,
  }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const actor = await requireUser(request)
  const body = await readPetPageBody(request)
  if (!body.ok) return data(body.result, { status: body.status })
  const form = await readPetPageForm(body.formData, { mode: 'add', message: PET_FAILURES.add })
  if (!form.ok) return data(form.result, { status: form.status })
  const { preview_image: _p, additional_images: _a, owner_id, ...fields } = form.value
  // For the one adding it — or, for staff, for the client the form names
  // (createPet refuses anyone else, and an owner who does not exist).
  const created = await attempt(() =>
    createPet({
      actor,
      ownerId: owner_id ?? actor.id,
      fields,
      preview: form.preview!,
      additional: form.additional,
    }),
  )
  if (!created.ok)
    return data(form.reply(created.error, PET_FAILURES.add), { status: created.error.status })
  return redirect(`/pets/${created.value.id}`)
})

export default function AddPet({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalDialog
      title="Add Pet"
      closeTo="/pets"
      wide
      description={
        loaderData.owner
          ? `A pet of ${loaderData.owner.name}. Fields marked optional can stay empty.`
          : 'Tell us about your pet. Fields marked optional can stay empty.'
      }
    >
      <PetForm
        id="add-pet"
        mode="add"
        today={loaderData.today}
        lastResult={actionData}
        ownerId={loaderData.owner?.id}
        submitLabel="Add Pet"
        pendingText="Adding…"
        cancel={
          <Link className="btn btn-ghost" to="/pets" preventScrollReset>
            Cancel
          </Link>
        }
      />
    </ModalDialog>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Add Pet', 'Register a cat or dog: name, breed, care notes and photos.')

export { headers } from '~/http/route-headers'
