import type { Route } from './+types/services'
import { assertCan, canManageServices } from '~/domain/permissions'
import {
  answersInJson,
  apiHandler,
  methodNotAllowed,
  ok,
  readJsonObject,
  validate,
} from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { publicJsonResponse, servicesJson } from '~/http/public-json.server'
import { createService, SERVICE_MESSAGES, toApiService } from '~/models/service.server'
import { serviceSchema } from '~/schemas/service'

// GET /api/services — public: {"services": [...]} by name (the server answers a
// plain GET from the same cached text before it reaches here).
export const loader = answersInJson(async ({ request }: Route.LoaderArgs) =>
  publicJsonResponse(request, await servicesJson()),
)

// POST /api/services {service, price, staff: [user ids]} — Owner/Manager; 201 the service.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  assertCan(canManageServices(actor))
  const input = validate(
    serviceSchema,
    await readJsonObject(request),
    SERVICE_MESSAGES.createFailed,
  )
  return ok(toApiService(await createService({ actor, input })), { status: 201 })
})
