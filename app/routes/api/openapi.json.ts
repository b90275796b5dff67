import type { Route } from './+types/openapi.json'
import { apiHandler, methodNotAllowed, ok } from '~/http/api.server'
import { openApiDocument } from '~/http/openapi/document'

// GET /api/openapi.json — the OpenAPI 3.1 document of this API (public):
// every call, who may make it, what it takes and what it answers. Read it at
// /api/docs, or generate a client from it (examples/typed-client.ts).
export const loader = apiHandler(async (_args: Route.LoaderArgs) => ok(openApiDocument().document))

export function action() {
  return methodNotAllowed(['GET'])
}
