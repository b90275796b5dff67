import { data, redirect, useActionData, useLocation } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/services'
import { serviceSchema } from '~/schemas/service'
import { ConfirmDialog } from '~/components/confirm-dialog'
import { EmptyState } from '~/components/empty-state'
import { lazyInBrowser } from '~/components/lazy-in-browser'
import { FormPanel, pathWithout } from '~/components/list-page'
import { ServiceForm as ServiceFormNow, type StaffOption } from '~/components/service-form'
import { pageMeta } from '~/domain/hotel'
import { PageErrorBoundary } from '~/components/error-view'
import { formatDollars } from '~/domain/booking-rules'
import { SERVICE_SPECIES_LABELS, speciesWithoutServices } from '~/domain/service'
import { AppError } from '~/domain/errors'
import { assertCan, canManageServices } from '~/domain/permissions'
import { getCurrentUser } from '~/http/auth.server'
import { attempt, pageHandler, parseForm, readIntent, replyWithError } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import {
  createService,
  deleteService,
  listServices,
  SERVICE_MESSAGES,
  updateService,
} from '~/models/service.server'
import { listStaff } from '~/models/user.server'
import { parseIdParam } from '~/schemas/fields'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'

// /services — the public list (name, price, staff). The Owner and Managers also
// create, update (?edit=<id>) and delete (a confirm step) services here.

// Only the Owner and Managers see the form: its code is not in everyone's page.
const ServiceForm = lazyInBrowser(import.meta.env.SSR ? ServiceFormNow : null, () =>
  import('~/components/service-form').then((m) => m.ServiceForm),
)

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const actor = await getCurrentUser(request)
  const admin = canManageServices(actor)
  const [services, staff] = await Promise.all([listServices(), admin ? listStaff({ actor }) : []])
  return {
    // Copied with Object.assign: properties after a spread cost V8 a slow copy per row (055).
    services: services.map((s) =>
      Object.assign({}, s, {
        priceLabel: formatDollars(s.priceCents),
        speciesLabel: SERVICE_SPECIES_LABELS[s.species],
      }),
    ),
    // A booking needs a service: the Owner and Managers hear of a species left without one.
    speciesWithout: admin ? speciesWithoutServices(services) : [],
    admin,
    staff: staff.map(({ id, fname, lname, position }): StaffOption => ({
      id,
      fname,
      lname,
      position,
    })),
    editId: admin ? parseIdParam(url.searchParams.get('edit') ?? undefined) : null,
    created: url.searchParams.get('created'),
  }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const actor = await getCurrentUser(request)
  assertCan(canManageServices(actor))
  const formData = await readFormData(request)
  const { intent, id } = readIntent(formData, ['create', 'update', 'delete'])

  if (intent === 'delete') {
    if (id === null) throw data('Service not found', { status: 404 })
    // Deleted meanwhile (another tab, another manager): the list shows the truth.
    await attempt(() => deleteService({ actor, id }))
    return redirect('/services')
  }

  const submission = parseForm(formData, serviceSchema)
  if (submission.status !== 'success')
    return data({ intent, id, result: submission.reply() }, { status: 400 })
  // The form always has both fields: an emptied description (which a form sends as nothing) clears it.
  const input = {
    ...submission.value,
    species: submission.value.species ?? 'both',
    description: submission.value.description ?? '',
  }
  const saved = await attempt(() => {
    if (intent === 'create') return createService({ actor, input })
    if (id === null)
      throw new AppError('not_found', SERVICE_MESSAGES.notFound, {
        fieldErrors: { service: SERVICE_MESSAGES.notFound },
      })
    return updateService({ actor, id, input })
  })
  if (!saved.ok) {
    const formError =
      intent === 'create' ? SERVICE_MESSAGES.createFailed : SERVICE_MESSAGES.updateFailed
    return data(
      { intent, id, result: replyWithError(submission, saved.error, { formError }) },
      { status: saved.error.status },
    )
  }
  return redirect(intent === 'create' ? `/services?created=${saved.value.id}` : '/services')
})

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { services, admin, staff, editId, created, speciesWithout } = loaderData
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  const createResult = actionData?.intent === 'create' ? actionData.result : undefined

  return (
    <div className="container page">
      <PageHeader
        title="Our Services"
        description="Pampering, play and care, each with the staff who provide it."
        actions={
          admin ? (
            <a className="btn btn-primary" href="#create-service">
              Create a Service
            </a>
          ) : null
        }
      />

      {created && !actionData ? <Notice tone="success">Service created.</Notice> : null}
      {speciesWithout.map((type) => (
        <Notice key={type} tone="warning" quiet>
          {`No service is offered for ${type === 'dog' ? 'dogs' : 'cats'}, and a booking needs at least one: ${type === 'dog' ? 'dogs' : 'cats'} cannot be booked until a service is for them.`}
        </Notice>
      ))}

      {services.length === 0 ? (
        <EmptyState title="No services available" headingLevel={2} />
      ) : (
        <ul className="grid-cards" aria-label="Services" style={{ listStyle: 'none', padding: 0 }}>
          {services.map((service) => {
            const editing = admin && editId === service.id
            const updateResult =
              actionData?.intent === 'update' && actionData.id === service.id
                ? actionData.result
                : undefined
            return (
              <li key={service.id} className="card" aria-labelledby={`service-${service.id}-name`}>
                <div className="card-body">
                  <h2 className="card-title" id={`service-${service.id}-name`}>
                    {service.service}
                  </h2>
                  <p className="cluster">
                    <span className="price">{service.priceLabel}</span>
                    <span className="badge badge-muted">{service.speciesLabel}</span>
                  </p>
                  {service.description ? <p>{service.description}</p> : null}
                  <ServiceStaffList staff={service.staff} />
                  {editing ? (
                    <section className="stack-sm" aria-label={`Update ${service.service}`}>
                      <h3 className="field-label">Update service</h3>
                      <ServiceForm
                        id={`update-service-${service.id}`}
                        intent="update"
                        itemId={service.id}
                        defaultValue={{
                          service: service.service,
                          price: (service.priceCents / 100).toFixed(2),
                          staff: service.staff.map((s) => String(s.id)),
                          species: service.species,
                          description: service.description,
                        }}
                        staffOptions={staff}
                        lastResult={updateResult}
                        submitLabel="Save"
                        pendingText="Saving…"
                        cancel={
                          <Link
                            className="btn btn-ghost"
                            to={pathWithout(location, ['edit'])}
                            preventScrollReset
                          >
                            Cancel
                          </Link>
                        }
                      />
                    </section>
                  ) : null}
                </div>
                {admin && !editing ? (
                  <div className="card-actions">
                    <Link
                      className="btn btn-secondary btn-sm"
                      to={`/services?edit=${service.id}`}
                      preventScrollReset
                      aria-label={`Update ${service.service}`}
                    >
                      Update
                    </Link>
                    <ConfirmDialog
                      confirmId={`delete-service-${service.id}`}
                      question={`Are you sure you want to delete the service “${service.service}”?`}
                      fields={{ intent: 'delete', id: String(service.id) }}
                      action="/services"
                      triggerLabel="Delete"
                      triggerClassName="btn btn-danger btn-sm"
                    />
                  </div>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}

      {admin ? (
        <FormPanel id="create-service" title="Create a Service">
          <ServiceForm
            // A fresh, empty form after each service created.
            key={created ?? 'new'}
            id="create-service-form"
            intent="create"
            staffOptions={staff}
            lastResult={createResult}
            submitLabel="Create Service"
            pendingText="Creating…"
          />
        </FormPanel>
      ) : null}
    </div>
  )
}

function ServiceStaffList({ staff }: { staff: { id: number; fname: string; lname: string }[] }) {
  if (!staff.length) return <p className="card-meta">No staff assigned</p>
  return (
    <p className="card-meta">
      <span className="visually-hidden">Staff: </span>
      {staff.map((s) => `${s.fname} ${s.lname}`).join(', ')}
    </p>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Services',
    'Day care and boarding extras: grooming, walks, play and more, with their prices.',
  )

export function ErrorBoundary() {
  return <PageErrorBoundary heading="Our Services" failure="Issue getting all services" />
}

export { headers } from '~/http/route-headers'
