import type { SubmissionResult } from '@conform-to/react'
import { data, Link, redirect, useFetcher } from 'react-router'
import type { Route } from './+types/pets.$petId.edit'
import { pageTitle } from '~/components/brand'
import { ModalDialog } from '~/components/modal-dialog'
import { PetForm, type PetFormValue } from '~/components/pet-form'
import { SubmitButton } from '~/components/submit-button'
import {
  deletePetImage,
  PetForbiddenError,
  PetOwnerNotFoundError,
  PetPhotoRuleError,
  updatePet,
  type PetPhoto,
} from '~/models/pet.server'
import { parseIdParam } from '~/schemas/fields'
import { MAX_ADDITIONAL_IMAGES } from '~/schemas/pet'
import { requireUser } from '~/http/auth.server'
import { hotelTodayNow } from '~/infra/pet-dates.server'
import { readPetFormData, requirePetDetails, validatePetForm } from '~/http/pet-form.server'

// /pets/:petId/edit — the Edit Pet dialog over the pet's page (a child route
// of /pets/:petId): the pet form (a new preview replaces the old one, new
// additional photos are added) and Remove buttons for additional photos.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const { pet, preview, photos } = await requirePetDetails(params.petId, user)
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
  }
  return { petId: pet.id, name: pet.name, values, preview, photos, today: hotelTodayNow() }
}

type ActionResult = SubmissionResult<string[]>

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const current = await requirePetDetails(params.petId, user)
  const id = current.pet.id
  const read = await readPetFormData(request)
  if (!read.ok) return data(read.result, { status: read.status })

  if (read.formData.get('intent') === 'delete-image') {
    const imageId = parseIdParam(String(read.formData.get('image_id') ?? ''))
    try {
      if (imageId !== null) await deletePetImage({ petId: id, imageId, viewer: user })
    } catch (error) {
      if (error instanceof PetForbiddenError) throw data('Unauthorized', { status: 403 })
      if (error instanceof PetPhotoRuleError) return data(formError(error.message), { status: 400 })
      throw error
    }
    // Removed (or already gone): back to the dialog, which shows what is left.
    return redirect(`/pets/${id}/edit`)
  }

  const form = await validatePetForm(read.formData, {
    mode: 'edit',
    additionalAllowed: MAX_ADDITIONAL_IMAGES - current.photos.length,
  })
  if (!form.ok) return data(form.result, { status: form.status })
  const { preview_image: _p, additional_images: _a, owner_id: _o, ...fields } = form.value
  try {
    const pet = await updatePet({
      id,
      viewer: user,
      fields,
      preview: form.preview,
      additional: form.additional,
    })
    if (!pet) throw data('Pet not found', { status: 404 })
    return redirect(`/pets/${id}`)
  } catch (error) {
    if (error instanceof PetForbiddenError) throw data('Unauthorized', { status: 403 })
    if (error instanceof PetPhotoRuleError || error instanceof PetOwnerNotFoundError) {
      const field = error instanceof PetPhotoRuleError ? error.field : 'owner_id'
      return data(
        form.reply({
          formErrors: ['Issue updating pet'],
          fieldErrors: { [field]: [error.message] },
        }),
        {
          status: 400,
        },
      )
    }
    throw error
  }
}

function formError(message: string): ActionResult {
  return { status: 'error', error: { '': [message] } }
}

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

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data ? `Edit ${data.name}` : 'Edit Pet') },
]
