import type { Route } from './+types/services'
import {
  apiError,
  methodNotAllowed,
  ok,
  readJsonObject,
  requireApiAdmin,
  validate,
} from '~/http/api.server'
import { createService, listServices, ServiceError, toApiService } from '~/models/service.server'
import { serviceSchema } from '~/schemas/service'

// GET /api/services — public: {"services": [...]} by name.
export async function loader() {
  const services = await listServices()
  return ok({ services: services.map(toApiService) })
}

// POST /api/services {service, price, staff: [user ids]} — Owner/Manager; 201 the service.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  await requireApiAdmin(request)
  const body = await readJsonObject(request)
  const input = validate(serviceSchema, body, 'Could not create new service')
  try {
    return ok(toApiService(await createService({ input })), { status: 201 })
  } catch (error) {
    if (error instanceof ServiceError)
      return apiError(error.status, 'Could not create new service', error.errors)
    throw error
  }
}
