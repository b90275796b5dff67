import type { Route } from './+types/services.$id'
import { requireIdParam } from '~/http/params.server'
import { invalid } from '~/domain/errors'
import { assertCan, canManageServices } from '~/domain/permissions'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import {
  deleteService,
  getService,
  SERVICE_MESSAGES,
  toApiService,
  updateService,
} from '~/models/service.server'
import { idSchema } from '~/schemas/fields'
import { serviceSchema } from '~/schemas/service'

// GET /api/services/{id} — public: the service object.
export const loader = apiHandler(async ({ params }: Route.LoaderArgs) => {
  const id = requireIdParam(params.id, SERVICE_MESSAGES.notFound)
  return ok(toApiService(await getService({ id })))
})

// PUT /api/services/{id} {id, service, price, staff} — Owner/Manager; the service.
// DELETE /api/services/{id} — Owner/Manager; 200 {message}. Bookings keep their lines.
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const actor = await requireApiUser(request)
  assertCan(canManageServices(actor))
  const id = requireIdParam(params.id, SERVICE_MESSAGES.notFound)
  if (request.method === 'DELETE') {
    await deleteService({ actor, id })
    return ok({ message: 'Service deleted' })
  }
  const body = await readJsonObject(request)
  // The body may repeat the id; when it does, it must be this one.
  if (body.id !== undefined && body.id !== null && body.id !== '') {
    const bodyId = idSchema.safeParse(body.id)
    if (!bodyId.success || bodyId.data !== id)
      throw invalid(SERVICE_MESSAGES.updateFailed, { id: 'The id does not match the URL' })
  }
  const input = validate(serviceSchema, body, SERVICE_MESSAGES.updateFailed)
  return ok(toApiService(await updateService({ actor, id, input })))
})
