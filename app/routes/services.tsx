import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useActionData,
  useLocation,
} from 'react-router'
import type { Route } from './+types/services'
import { serviceSchema } from '~/schemas/service'
import { ConfirmDialog } from '~/components/confirm-dialog'
import { EmptyState } from '~/components/empty-state'
import { ServiceForm, type StaffOption } from '~/components/service-form'
import {
  createService,
  deleteService,
  listServices,
  ServiceError,
  updateService,
} from '~/models/service.server'
import { isAdmin, listStaff } from '~/models/user.server'
import { parseIdParam } from '~/schemas/fields'
import { getCurrentUser } from '~/http/auth.server'
import { formatDollars } from '~/domain/booking-rules'
import { now } from '~/infra/clock.server'
import { Notice } from '~/components/notice'
import { PageHeader } from '~/components/page-header'

// /services — the public list (name, price, staff). The Owner and Managers also
// create, update (?edit=<id>) and delete (a confirm step) services here.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request)
  const admin = isAdmin(user)
  const services = await listServices()
  const staff: StaffOption[] = admin
    ? (await listStaff()).map(({ id, fname, lname, position }) => ({ id, fname, lname, position }))
    : []
  const url = new URL(request.url)
  return {
    services: services.map((s) => ({ ...s, priceLabel: formatDollars(s.priceCents) })),
    admin,
    staff,
    editId: admin ? parseIdParam(url.searchParams.get('edit') ?? undefined) : null,
    created: url.searchParams.get('created'),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request)
  if (!isAdmin(user)) throw data('Unauthorized', { status: 403 })
  const formData = await request.formData()
  const intent = formData.get('intent')
  const id = parseIdParam(String(formData.get('id') ?? ''))

  if (intent === 'delete') {
    if (id === null) throw data('Service not found', { status: 404 })
    try {
      await deleteService({ id, at: now() })
    } catch (error) {
      // Deleted meanwhile (another tab, another manager): the list shows the truth.
      if (!(error instanceof ServiceError)) throw error
    }
    return redirect('/services')
  }

  if (intent !== 'create' && intent !== 'update') throw data('Unknown action', { status: 400 })
  const submission = parseWithZod(formData, { schema: serviceSchema })
  if (submission.status !== 'success')
    return data({ intent, id, result: submission.reply() }, { status: 400 })
  try {
    if (intent === 'create') {
      const service = await createService({ input: submission.value })
      return redirect(`/services?created=${service.id}`)
    }
    if (id === null) throw new ServiceError(404, { service: 'Service not found' })
    await updateService({ id, input: submission.value })
    return redirect('/services')
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error
    const message =
      intent === 'create' ? 'Could not create new service' : 'Could not update service'
    return data(
      {
        intent,
        id,
        result: submission.reply({ formErrors: [message], fieldErrors: wrap(error.errors) }),
      },
      { status: error.status },
    )
  }
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { services, admin, staff, editId, created } = loaderData
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
                  <p className="price">{service.priceLabel}</p>
                  <ServiceStaffList staff={service.staff} />
                  {editing ? (
                    <section className="stack-sm" aria-label={`Update ${service.service}`}>
                      <h3 className="field-label">Update service</h3>
                      <ServiceForm
                        id={`update-service-${service.id}`}
                        intent="update"
                        serviceId={service.id}
                        defaultValue={{
                          service: service.service,
                          price: (service.priceCents / 100).toFixed(2),
                          staff: service.staff.map((s) => String(s.id)),
                        }}
                        staffOptions={staff}
                        lastResult={updateResult}
                        submitLabel="Save"
                        pendingText="Saving…"
                        cancel={
                          <Link
                            className="btn btn-ghost"
                            to={pathWithout(location, 'edit')}
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
        <section
          className="section panel stack"
          id="create-service"
          aria-labelledby="create-service-title"
        >
          <h2 id="create-service-title">Create a Service</h2>
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
        </section>
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

function pathWithout(location: { pathname: string; search: string }, param: string) {
  const params = new URLSearchParams(location.search)
  params.delete(param)
  const rest = params.toString()
  return `${location.pathname}${rest ? `?${rest}` : ''}`
}

/** ServiceError's {field: message} → Conform's {field: [message]}. */
function wrap(errors: Record<string, string>) {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]))
}

export const meta: Route.MetaFunction = () => [
  { title: 'Services · Pet Hotel' },
  {
    name: 'description',
    content: 'Day care and boarding extras: grooming, walks, play and more, with their prices.',
  },
]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const unauthorized = isRouteErrorResponse(error) && error.status === 403
  return (
    <div className="container page">
      <h1>Our Services</h1>
      <EmptyState
        title={unauthorized ? 'Unauthorized' : 'Error: Issue getting all services'}
        tone="error"
        headingLevel={2}
      />
    </div>
  )
}
