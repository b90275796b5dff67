import { getFormProps } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/settings'
import { settingsSchema, type SettingsInput } from '~/schemas/settings'
import { FormErrors, InputField, useErrorSummaryAction } from '~/components/form-field'
import { SubmitButton } from '~/components/submit-button'
import { PageErrorBoundary } from '~/components/error-view'
import { pageMeta } from '~/domain/hotel'
import { canManageSettings } from '~/domain/permissions'
import { requireUser } from '~/http/auth.server'
import { pageHandler, parseForm } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import { getHotelSettings } from '~/models/hotel-settings.server'
import { changeHotelSettings } from '~/models/booking/waitlist-offers.server'
import { publicOrigin } from '~/http/public-origin.server'
import '~/components/booking-pages.css'
import { lazySchema, useSchemaForm } from '~/components/use-schema-form'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'

// /settings — the Owner and Managers set the hotel's capacity (dog kennels,
// cat condos, day-care places), the daily price of each booking type and the
// vaccines each species needs (and whether a booking waits for them).
// Bookings already made keep their price; new ones and updates use these.

type SettingsFormValue = Record<keyof SettingsInput, string>

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  await requireUser(request, { can: canManageSettings })
  const s = await getHotelSettings()
  return {
    values: {
      dog_kennels: String(s.dog_kennels),
      cat_condos: String(s.cat_condos),
      day_care_places: String(s.day_care_places),
      day_care_daily_price: (s.day_care_daily_price_cents / 100).toFixed(2),
      boarding_daily_price: (s.boarding_daily_price_cents / 100).toFixed(2),
      required_vaccines_dog: s.required_vaccines_dog.join(', '),
      required_vaccines_cat: s.required_vaccines_cat.join(', '),
      vaccinations_required_to_book: s.vaccinations_required_to_book ? 'on' : '',
    } satisfies SettingsFormValue,
    saved: url.searchParams.get('saved') === '1',
  }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const actor = await requireUser(request, { can: canManageSettings })
  const submission = parseForm(await readFormData(request), settingsSchema)
  if (submission.status !== 'success')
    return data(
      { result: submission.reply({ formErrors: ['Settings were not saved'] }) },
      { status: 400 },
    )
  // The page sends every setting: an unticked box is "off", not "unchanged".
  await changeHotelSettings({
    actor,
    origin: publicOrigin(request),
    input: {
      ...submission.value,
      vaccinations_required_to_book: submission.value.vaccinations_required_to_book ?? false,
    },
  })
  return redirect('/settings?saved=1')
})

const loadSettingsSchemas = () => import('~/schemas/settings')

// A capacity is a count: whole numbers from 0, a number pad on phones.
const WHOLE_NUMBER = { type: 'number', min: 0, step: 1, inputMode: 'numeric' } as const

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { values, saved } = loaderData
  const summaryAction = useErrorSummaryAction()
  const [form, fields] = useSchemaForm<SettingsFormValue, SettingsInput>(
    lazySchema(loadSettingsSchemas, (schemas) => schemas.settingsSchema),
    { id: 'hotel-settings', lastResult: actionData?.result, defaultValue: values },
  )
  return (
    <div className="container-narrow page">
      <PageHeader
        title="Hotel settings"
        description="Capacity, daily prices and vaccinations. Bookings already made keep the price they were made at."
      />
      {saved && !actionData ? <Notice tone="success">Settings saved.</Notice> : null}
      <Form method="post" action={summaryAction} {...getFormProps(form)} className="form panel">
        <FormErrors form={form} />
        <fieldset className="booking-step">
          <legend className="field-label">Capacity</legend>
          <div className="form-grid">
            <InputField
              meta={fields.dog_kennels}
              label="Dog kennels"
              {...WHOLE_NUMBER}
              hint="Boarding dogs, per night"
            />
            <InputField
              meta={fields.cat_condos}
              label="Cat condos"
              {...WHOLE_NUMBER}
              hint="Boarding cats, per night"
            />
            <InputField
              meta={fields.day_care_places}
              label="Day care places"
              {...WHOLE_NUMBER}
              hint="Dogs and cats, per day"
            />
          </div>
        </fieldset>
        <fieldset className="booking-step">
          <legend className="field-label">Daily prices</legend>
          <div className="form-grid">
            <InputField
              meta={fields.day_care_daily_price}
              label="Day care daily price ($)"
              inputMode="decimal"
              hint="For example 35.00"
            />
            <InputField
              meta={fields.boarding_daily_price}
              label="Boarding daily price ($)"
              inputMode="decimal"
              hint="For example 55.00"
            />
          </div>
        </fieldset>
        <fieldset className="booking-step">
          <legend className="field-label">Vaccinations</legend>
          <div className="form-grid">
            <InputField
              meta={fields.required_vaccines_dog}
              label="Required for dogs"
              hint="Names separated by commas, e.g. Rabies, DHPP, Bordetella"
            />
            <InputField
              meta={fields.required_vaccines_cat}
              label="Required for cats"
              hint="Names separated by commas, e.g. Rabies, FVRCP"
            />
          </div>
          <label className="choice">
            <input
              type="checkbox"
              name={fields.vaccinations_required_to_book.name}
              defaultChecked={values.vaccinations_required_to_book === 'on'}
            />
            Refuse a booking while a required vaccine is missing or expires before pick-up
          </label>
          <p className="field-hint">
            Either way, no pet is checked in without them, and clients are told what is missing when
            they book.
          </p>
        </fieldset>
        <div className="form-actions">
          <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
        </div>
      </Form>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Hotel settings', 'The hotel’s capacity and the daily prices of day care and boarding.')

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Hotel settings" failure="Settings could not be loaded" />
}

export { headers } from '~/http/route-headers'
