import { data, redirect, useFetcher } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/pets.$petId.edit'
import { requireIdParam } from '~/http/params.server'
import { pageMeta } from '~/domain/hotel'
import { ModalDialog } from '~/components/modal-dialog'
import { PetForm, type PetFormValue } from '~/components/pet-form'
import { SubmitButton } from '~/components/submit-button'
import { MAX_ADDITIONAL_IMAGES, type PetPhoto } from '~/domain/pet'
import { requireUser } from '~/http/auth.server'
import { attempt, formMessage, pageHandler } from '~/http/form.server'
import { readPetPageBody, readPetPageForm } from '~/http/pet-form.server'
import { hotelClock } from '~/infra/clock.server'
import { getPetDetails } from '~/models/pet/queries.server'
import { PET_FAILURES } from '~/models/pet/rows.server'
import { deletePetImage, updatePet } from '~/models/pet/write.server'
import { parseIdParam } from '~/schemas/fields'

// /pets/:petId/edit — the Edit Pet dialog over the pet's page (a child route
// of /pets/:petId): the pet form (a new preview replaces the old one, new
// additional photos are added) and Remove buttons for additional photos.
export const loader = pageHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireUser(request)
  const id = requireIdParam(params.petId, PET_FAILURES.notFound)
  const { pet, preview, photos } = await getPetDetails({ id, actor })
  const values: PetFormValue = {
    name: pet.name,
    type: pet.type,
    breed: pet.breed,
    age: String(pet.age),
    gender: pet.gender,
    color: pet.color,
    weight: String(pet.weight),
    dob: pet.dob,
    size: pet.size,
    behavior: pet.behavior,
    medication_note: pet.medication_note,
    dietary_note: pet.dietary_note,
    vet_name: pet.vet_name,
    vet_phone: pet.vet_phone,
    emergency_contact_name: pet.emergency_contact_name,
    emergency_contact_phone: pet.emergency_contact_phone,
  }
  return { petId: pet.id, name: pet.name, values, preview, photos, today: hotelClock().today }
})

export const action = pageHandler(async ({ request, params }: Route.ActionArgs) => {
  const actor = await requireUser(request)
  const id = requireIdParam(params.petId, PET_FAILURES.notFound)
  const current = await getPetDetails({ id, actor })
  const body = await readPetPageBody(request)
  if (!body.ok) return data(body.result, { status: body.status })

  if (body.formData.get('intent') === 'delete-image') {
    const imageId = parseIdParam(String(body.formData.get('image_id') ?? ''))
    if (imageId !== null) {
      const removed = await attempt(() => deletePetImage({ petId: id, imageId, actor }))
      // Already gone (another tab): the dialog shows what is left.
      if (!removed.ok && removed.error.kind !== 'not_found') {
        const reason = Object.values(removed.error.fieldErrors ?? {})[0] ?? removed.error.message
        return data(formMessage(reason), { status: removed.error.status })
      }
    }
    return redirect(`/pets/${id}/edit`)
  }

  const form = await readPetPageForm(body.formData, {
    mode: 'edit',
    additionalAllowed: MAX_ADDITIONAL_IMAGES - current.photos.length,
    message: PET_FAILURES.update,
  })
  if (!form.ok) return data(form.result, { status: form.status })
  const { preview_image: _p, additional_images: _a, owner_id: _o, ...fields } = form.value
  const updated = await attempt(() =>
    updatePet({ id, actor, fields, preview: form.preview, additional: form.additional }),
  )
  if (!updated.ok)
    return data(form.reply(updated.error, PET_FAILURES.update), { status: updated.error.status })
  return redirect(`/pets/${id}`)
})

export default function EditPet({ loaderData, actionData }: Route.ComponentProps) {
  const { petId, name, values, preview, photos, today } = loaderData
  const back = `/pets/${petId}`
  return (
    <ModalDialog title={`Edit ${name}`} closeTo={back} wide>
      <section aria-labelledby="edit-pet-photos" className="stack-sm">
        <h3 id="edit-pet-photos" className="field-label">
          Photos
        </h3>
        <ul className="pet-photo-manager">
          {preview ? (
            <li>
              <img
                src={preview.thumbnail}
                width={400}
                height={400}
                alt={`Preview photo of ${name}`}
              />
              <span className="badge badge-primary">Preview</span>
            </li>
          ) : null}
          {photos.map((photo, i) => (
            <RemovablePhoto
              key={photo.id}
              photo={photo}
              label={`Photo ${i + 2} of ${name}`}
              action={`${back}/edit`}
            />
          ))}
        </ul>
      </section>
      <PetForm
        // A fresh form after a photo is removed (the allowed count changed).
        key={photos.length}
        id="edit-pet"
        mode="edit"
        action={`${back}/edit`}
        today={today}
        defaultValue={values}
        additionalAllowed={MAX_ADDITIONAL_IMAGES - photos.length}
        lastResult={actionData}
        submitLabel="Save changes"
        pendingText="Saving…"
        cancel={
          <Link className="btn btn-ghost" to={back} preventScrollReset>
            Cancel
          </Link>
        }
      />
    </ModalDialog>
  )
}

// A fetcher with JavaScript (what was typed in the pet form stays), a plain
// POST that comes back to this dialog without.
function RemovablePhoto({
  photo,
  label,
  action,
}: {
  photo: PetPhoto
  label: string
  action: string
}) {
  const fetcher = useFetcher()
  return (
    <li>
      <img src={photo.thumbnail} width={400} height={400} alt={label} loading="lazy" />
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="delete-image" />
        <input type="hidden" name="image_id" value={photo.id} />
        <SubmitButton
          state={fetcher.state}
          className="btn btn-danger btn-sm"
          pendingText="Removing…"
          aria-label={`Remove ${label}`}
        >
          Remove
        </SubmitButton>
      </fetcher.Form>
    </li>
  )
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data ? `Edit ${data.name}` : 'Edit Pet',
    `Update ${data ? `${data.name}’s` : 'a pet’s'} details, care notes and photos.`,
  )

export { headers } from '~/http/route-headers'
