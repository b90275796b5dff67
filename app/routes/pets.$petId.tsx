import { data, Outlet, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/pets.$petId'
import { requireIdParam } from '~/http/params.server'
import { pageMeta } from '~/domain/hotel'
import { ConfirmDialog } from '~/components/confirm-dialog'
import { RouteErrorBoundary } from '~/components/error-view'
import { CalendarIcon, EditIcon } from '~/components/icons'
import { formatPetDate, PetBookings } from '~/components/pet-bookings'
import { sizeLabel, type PetPhoto } from '~/domain/pet'
import { requireUser } from '~/http/auth.server'
import {
  attempt,
  pageHandler,
  parseForm,
  readIntent,
  replyWithError,
  toRouteError,
} from '~/http/form.server'
import { PetVaccinations } from '~/components/pet-vaccinations'
import type { User } from '~/domain/user'
import { vaccinationGaps } from '~/domain/vaccination'
import { hotelClock } from '~/infra/clock.server'
import { getHotelSettings, requiredVaccinesFor } from '~/models/hotel-settings.server'
import {
  VACCINATION_FAILURES,
  addVaccination,
  deleteVaccination,
  listVaccinations,
  verifyVaccination,
} from '~/models/pet/vaccinations.server'
import { vaccinationSchema } from '~/schemas/vaccination'
import { formDataToObject, readFormData } from '~/http/request-body.server'
import { decodeCertificate } from '~/http/vaccination-form.server'
import { listPetBookings } from '~/models/booking/queries.server'
import { getPetDetails } from '~/models/pet/queries.server'
import { PET_FAILURES } from '~/models/pet/rows.server'
import { deletePet } from '~/models/pet/write.server'
import '~/components/pet.css'
import { capitalize, contactText } from '~/domain/text'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'
import { StayUpdates } from '~/components/stay-updates'
import { canAdjustPrice, canPostStayUpdate, canSeeBookingHistory } from '~/domain/permissions'
import { listBookingHistories } from '~/models/booking/history.server'
import { adjustPrice, ADJUSTMENT_FAILURES } from '~/models/booking/adjustments.server'
import { priceAdjustmentSchema } from '~/schemas/price-adjustment'
import { decodeStayUpdate } from '~/http/stay-update-form.server'
import {
  listPetStayUpdates,
  postStayUpdate,
  STAY_UPDATE_FAILURES,
} from '~/models/booking/stay-updates.server'
import { stayUpdateSchema } from '~/schemas/stay-update'

// /pets/:petId — one pet for its owner or staff: photos, details, stay
// updates (staff post them here while the pet is checked in), vaccinations,
// bookings, and Update (the child route /pets/:petId/edit, a dialog over this page),
// Delete (a confirm step) and Book a Reservation.
export const loader = pageHandler(async ({ request, params }: Route.LoaderArgs) => {
  const actor = await requireUser(request)
  const id = requireIdParam(params.petId, PET_FAILURES.notFound)
  const [details, bookings, vaccinations, settings, updates] = await Promise.all([
    getPetDetails({ id, actor }),
    listPetBookings({ petId: id, actor }),
    listVaccinations({ petId: id, actor }),
    getHotelSettings(),
    listPetStayUpdates({ petId: id, actor }),
  ])
  const { today } = hotelClock()
  const required = requiredVaccinesFor(settings, details.pet.type)
  const history = canSeeBookingHistory(actor)
    ? await listBookingHistories({
        actor,
        bookingIds: [
          ...(bookings.current ? [bookings.current.id] : []),
          ...bookings.past.map((b) => b.id),
        ],
      })
    : undefined
  return {
    ...details,
    bookings,
    updates,
    // Staff post updates on the stay of a pet that is checked in.
    canAdjust: canAdjustPrice(actor),
    history,
    postUpdateOn:
      canPostStayUpdate(actor) && bookings.current?.status === 'checked_in'
        ? bookings.current.id
        : null,
    staff: actor.staff,
    mine: details.pet.owner_id === actor.id,
    vaccinations: {
      records: vaccinations,
      required,
      gaps: vaccinationGaps(vaccinations, required, today),
      today,
    },
  }
})

const PET_INTENTS = [
  'delete',
  'create',
  'verify-vaccination',
  'delete-vaccination',
  'post-update',
  'adjust-price',
] as const

export const action = pageHandler(async ({ request, params }: Route.ActionArgs) => {
  const actor = await requireUser(request)
  const id = requireIdParam(params.petId, PET_FAILURES.notFound)
  // The Vaccinations section's form may carry a photo of a certificate.
  const formData = await readFormData(request, { onePhoto: true })
  const { intent, id: recordId } = readIntent(formData, PET_INTENTS)
  if (intent === 'adjust-price')
    return adjustPriceAction({ bookingId: recordId, petId: id, actor, formData })
  if (intent === 'post-update')
    return stayUpdateAction({ bookingId: recordId, petId: id, actor, formData })
  if (intent !== 'delete')
    return vaccinationAction({ intent, recordId, petId: id, actor, formData })
  const deleted = await attempt(() => deletePet({ id, actor }))
  if (!deleted.ok && deleted.error.kind === 'not_found') throw toRouteError(deleted.error)
  // Staying right now: say why it stays (the model's message is under `form`).
  if (!deleted.ok)
    return data(
      { error: deleted.error.fieldErrors?.form ?? deleted.error.message, result: undefined },
      { status: deleted.error.status },
    )
  return redirect('/pets')
})

/**
 * The Vaccinations section's posts: add a record (its messages come back to
 * the form), verify one (staff) or delete one. Each lands back on the
 * section; a record already gone (another tab) leaves the list as it is.
 */
async function vaccinationAction({
  intent,
  recordId,
  petId,
  actor,
  formData,
}: {
  intent: Exclude<(typeof PET_INTENTS)[number], 'delete' | 'post-update' | 'adjust-price'>
  recordId: number | null
  petId: number
  actor: User
  formData: FormData
}) {
  const back = `/pets/${petId}#vaccinations`
  if (intent === 'verify-vaccination' || intent === 'delete-vaccination') {
    if (recordId === null) throw data(VACCINATION_FAILURES.notFound, { status: 404 })
    const args = { petId, id: recordId, actor }
    const done = await attempt(async () => {
      if (intent === 'verify-vaccination') await verifyVaccination(args)
      else await deleteVaccination(args)
    })
    if (!done.ok && done.error.kind !== 'not_found') throw toRouteError(done.error)
    return redirect(back)
  }
  const submission = parseForm(formData, vaccinationSchema(hotelClock().today))
  if (submission.status !== 'success')
    return data({ error: null, result: submission.reply() }, { status: 400 })
  const added = await attempt(async () => {
    // The fields are valid: now the certificate (if any) is decoded, in the photo queue.
    const { certificate: file, ...input } = submission.value
    const certificate = file
      ? await decodeCertificate(file, VACCINATION_FAILURES.notSaved)
      : undefined
    return addVaccination({ petId, actor, input, certificate })
  })
  if (!added.ok)
    return data(
      { error: null, result: replyWithError(submission, added.error) },
      { status: added.error.status },
    )
  return redirect(back)
}

/** A post about one of the pet's stays (its id from the form: null when missing or malformed). */
type StayPost = { bookingId: number | null; petId: number; actor: User; formData: FormData }

/**
 * The Stay updates section's post (staff, the pet checked in): its messages
 * come back to the form; once posted, the page shows it at the top of the list.
 */
async function stayUpdateAction({ bookingId, petId, actor, formData }: StayPost) {
  if (bookingId === null) throw data(STAY_UPDATE_FAILURES.bookingNotFound, { status: 404 })
  const submission = parseForm(formData, stayUpdateSchema)
  if (submission.status !== 'success')
    return data({ error: null, update: submission.reply() }, { status: 400 })
  const posted = await attempt(async () => {
    // The fields are valid: now the photo (if any) is decoded, in the photo queue.
    const { input, photo } = await decodeStayUpdate(submission.value, STAY_UPDATE_FAILURES.notSaved)
    return postStayUpdate({ bookingId, actor, input, photo })
  })
  if (!posted.ok)
    return data(
      { error: null, update: replyWithError(submission, posted.error) },
      { status: posted.error.status },
    )
  return redirect(`/pets/${petId}#stay-updates`)
}

/**
 * A line on a stay's price (the Owner and Managers): back to the stay once
 * added; a refusal comes back beside that stay's form.
 */
async function adjustPriceAction({ bookingId, petId, actor, formData }: StayPost) {
  if (bookingId === null) throw data(ADJUSTMENT_FAILURES.notFound, { status: 404 })
  const parsed = priceAdjustmentSchema.safeParse(formDataToObject(formData))
  const refused = (message: string, status: number) =>
    data({ error: null, adjust: { bookingId, message } }, { status })
  if (!parsed.success) return refused(parsed.error.issues[0].message, 400)
  const done = await attempt(() => adjustPrice({ actor, bookingId, input: parsed.data }))
  if (!done.ok) {
    if (done.error.kind === 'forbidden' || done.error.kind === 'not_found')
      throw toRouteError(done.error)
    return refused(
      Object.values(done.error.fieldErrors ?? {})[0] ?? done.error.message,
      done.error.status,
    )
  }
  return redirect(`/pets/${petId}#booking-${bookingId}`)
}

export default function PetPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    pet,
    owner,
    preview,
    photos,
    bookings,
    staff,
    mine,
    vaccinations,
    updates,
    postUpdateOn,
    canAdjust,
    history,
  } = loaderData
  const refusedAdjustment = actionData && 'adjust' in actionData ? actionData.adjust : null
  const staying = bookings.current?.started ?? false
  return (
    <div className="container page pets-page">
      <p>
        <Link to="/pets">← Manage Pets</Link>
      </p>
      <PageHeader
        title={pet.name}
        description={`${capitalize(pet.type)} · ${pet.breed}${staff && !mine ? ` · Owner: ${owner.fname} ${owner.lname} (${owner.username})` : ''}`}
        actionsClassName="pet-actions"
        actions={
          <>
            <Link className="btn btn-primary" to={`/bookings/pet/${pet.id}`}>
              <CalendarIcon />
              Book a Reservation
            </Link>
            <Link className="btn btn-secondary" to={`/pets/${pet.id}/edit`} preventScrollReset>
              <EditIcon />
              Update
            </Link>
            <ConfirmDialog
              confirmId={`delete-pet-${pet.id}`}
              question="Are you sure you want to delete this pet?"
              fields={{ intent: 'delete' }}
              action={`/pets/${pet.id}`}
              disabled={staying}
            />
          </>
        }
      />

      {actionData?.error ? (
        <Notice tone="error">{actionData.error}</Notice>
      ) : staying ? (
        <Notice tone="info" quiet>
          {pet.name} is staying with us right now, so the pet cannot be deleted until it is picked
          up.
        </Notice>
      ) : null}

      {/* The Edit Pet dialog (a page section without JavaScript). */}
      <Outlet />

      <section className="pet-hero" aria-label="Photos and details">
        <div>
          {preview ? (
            <img
              className="pet-photo-main"
              src={preview.url}
              width={preview.width}
              height={preview.height}
              alt={`Photo of ${pet.name}`}
            />
          ) : (
            <p className="muted">No photo yet.</p>
          )}
          {photos.length ? <PhotoGallery photos={photos} name={pet.name} /> : null}
        </div>
        <div className="panel stack">
          <h2>Details</h2>
          <dl className="dl pet-facts">
            <dt>Type</dt>
            <dd>{capitalize(pet.type)}</dd>
            <dt>Breed</dt>
            <dd>{pet.breed}</dd>
            <dt>Age</dt>
            <dd>
              {pet.age} {pet.age === 1 ? 'year' : 'years'}
            </dd>
            <dt>Gender</dt>
            <dd>{capitalize(pet.gender)}</dd>
            <dt>Color</dt>
            <dd>{pet.color}</dd>
            <dt>Weight</dt>
            <dd>{pet.weight} lbs</dd>
            <dt>Date of birth</dt>
            <dd>
              <time dateTime={pet.dob}>{formatPetDate(pet.dob)}</time>
            </dd>
            <dt>Size</dt>
            <dd>{sizeLabel(pet.size)}</dd>
            <dt>Behavior</dt>
            <dd>{capitalize(pet.behavior)}</dd>
            <dt>Medication</dt>
            <dd className="pet-note">{pet.medication_note || 'None'}</dd>
            <dt>Diet</dt>
            <dd className="pet-note">{pet.dietary_note || 'None'}</dd>
            <dt>Vet</dt>
            <dd>{contactText(pet.vet_name, pet.vet_phone)}</dd>
            <dt>Emergency contact</dt>
            <dd>{contactText(pet.emergency_contact_name, pet.emergency_contact_phone)}</dd>
          </dl>
        </div>
      </section>

      <StayUpdates
        petName={pet.name}
        updates={updates}
        here={bookings.current?.status === 'checked_in'}
        postOn={postUpdateOn}
        lastResult={actionData && 'update' in actionData ? actionData.update : undefined}
      />

      <PetVaccinations
        petId={pet.id}
        petName={pet.name}
        records={vaccinations.records}
        required={vaccinations.required}
        gaps={vaccinations.gaps}
        canVerify={staff}
        today={vaccinations.today}
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
      />

      <section className="section" aria-labelledby="pet-bookings-title">
        <h2 id="pet-bookings-title" className="section-title">
          Bookings
        </h2>
        <PetBookings
          petId={pet.id}
          petName={pet.name}
          current={bookings.current}
          past={bookings.past}
          morePast={bookings.morePast}
          history={history}
          adjust={
            canAdjust
              ? {
                  action: `/pets/${pet.id}`,
                  errors: refusedAdjustment
                    ? { [refusedAdjustment.bookingId]: refusedAdjustment.message }
                    : undefined,
                }
              : undefined
          }
        />
      </section>
    </div>
  )
}

function PhotoGallery({ photos, name }: { photos: PetPhoto[]; name: string }) {
  return (
    <ul className="pet-gallery" aria-label={`More photos of ${name}`}>
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={photo.url}>
            <img
              src={photo.thumbnail}
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
              alt={`Photo ${i + 2} of ${name} (opens the full-size photo)`}
            />
          </a>
        </li>
      ))}
    </ul>
  )
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data?.pet.name ?? 'Pet',
    data
      ? `${data.pet.name}, ${data.pet.breed}: photos, details and stays at the hotel.`
      : 'A pet’s photos, details and stays at the hotel.',
  )

export { RouteErrorBoundary as ErrorBoundary }

export { headers } from '~/http/route-headers'
