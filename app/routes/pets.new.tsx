import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/pets.new'
import { pageTitle } from '~/components/brand'
import { ModalDialog } from '~/components/modal-dialog'
import { PetForm } from '~/components/pet-form'
import { createPet, PetPhotoRuleError } from '~/models/pet.server'
import { requireUser } from '~/http/auth.server'
import { hotelTodayNow } from '~/infra/pet-dates.server'
import { readPetFormData, validatePetForm } from '~/http/pet-form.server'

// /pets/new — the Add Pet dialog over Manage Pets (a child route of /pets).
// After success the client lands on the new pet's page.
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request)
  return { today: hotelTodayNow() }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const read = await readPetFormData(request)
  if (!read.ok) return data(read.result, { status: read.status })
  const form = await validatePetForm(read.formData, { mode: 'add' })
  if (!form.ok) return data(form.result, { status: form.status })
  const { preview_image: _p, additional_images: _a, owner_id: _o, ...fields } = form.value
  try {
    // From the page a pet is always added for the one adding it.
    const pet = await createPet({
      ownerId: user.id,
      fields,
      preview: form.preview!,
      additional: form.additional,
    })
    return redirect(`/pets/${pet.id}`)
  } catch (error) {
    if (error instanceof PetPhotoRuleError)
      return data(
        form.reply({
          formErrors: ['Issue adding pet'],
          fieldErrors: { [error.field]: [error.message] },
        }),
        { status: 400 },
      )
    throw error
  }
}

export default function AddPet({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalDialog
      title="Add Pet"
      closeTo="/pets"
      wide
      description="Tell us about your pet. Fields marked optional can stay empty."
    >
      <PetForm
        id="add-pet"
        mode="add"
        today={loaderData.today}
        lastResult={actionData}
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

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Add Pet') }]
