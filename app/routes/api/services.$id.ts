import type { Route } from './+types/services.$id'
import {
  apiError,
  methodNotAllowed,
  ok,
  readJsonObject,
  requireApiAdmin,
  requireIdParam,
  validate,
} from '~/http/api.server'
import {
  deleteService,
  getService,
  ServiceError,
  toApiService,
  updateService,
} from '~/models/service.server'
import { serviceSchema } from '~/schemas/service'
import { idSchema } from '~/schemas/fields'
import { now } from '~/infra/clock.server'

const NOT_FOUND = 'Service not found'

// GET /api/services/{id} — public: the service object.
export async function loader({ params }: Route.LoaderArgs) {
  const id = requireIdParam(params.id, NOT_FOUND)
  const service = await getService({ id })
  if (!service) return apiError(404, NOT_FOUND)
  return ok(toApiService(service))
}

// PUT /api/services/{id} {id, service, price, staff} — Owner/Manager; the service.
// DELETE /api/services/{id} — Owner/Manager; 200 {message}. Bookings keep their lines.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method === 'PUT') return update(request, params.id)
  if (request.method === 'DELETE') return remove(request, params.id)
  return methodNotAllowed(['GET', 'PUT', 'DELETE'])
}

async function update(request: Request, idParam: string) {
  const message = 'Could not update service'
  await requireApiAdmin(request)
  const id = requireIdParam(idParam, NOT_FOUND)
  const body = await readJsonObject(request)
  // The body may repeat the id (spec §7); when it does, it must be this one.
  if (body.id !== undefined && body.id !== null && body.id !== '') {
    const bodyId = idSchema.safeParse(body.id)
    if (!bodyId.success || bodyId.data !== id)
      return apiError(400, message, { id: 'The id does not match the URL' })
  }
  const input = validate(serviceSchema, body, message)
  try {
    return ok(toApiService(await updateService({ id, input })))
  } catch (error) {
    if (error instanceof ServiceError)
      return apiError(error.status, error.status === 404 ? NOT_FOUND : message, error.errors)
    throw error
  }
}

async function remove(request: Request, idParam: string) {
  await requireApiAdmin(request)
  const id = requireIdParam(idParam, NOT_FOUND)
  try {
    await deleteService({ id, at: now() })
  } catch (error) {
    if (error instanceof ServiceError) return apiError(error.status, NOT_FOUND)
    throw error
  }
  return ok({ message: 'Service deleted' })
}
