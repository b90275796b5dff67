import type { Route } from './+types/tokens'
import { API_TOKEN_MESSAGES } from '~/domain/api-token'
import { apiHandler, methodNotAllowed, ok, readJsonObject, validate } from '~/http/api.server'
import { requireApiUser } from '~/http/auth.server'
import { createApiToken, listApiTokens } from '~/models/api-token.server'
import { apiTokenSchema } from '~/schemas/api-token'

// GET /api/tokens — your API tokens, newest first: {"tokens": [{id, name,
// read_only, created_at, last_used_at}]} (never the tokens themselves).
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const actor = await requireApiUser(request)
  return ok({ tokens: await listApiTokens({ actor }) })
})

// POST /api/tokens {name, read_only?} → 201 {"token": "pht_…", "api_token": {…}}:
// the token is in this answer only; 409 past 20 tokens.
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const actor = await requireApiUser(request)
  const input = validate(apiTokenSchema, await readJsonObject(request), API_TOKEN_MESSAGES.notSaved)
  const { token, apiToken } = await createApiToken({ actor, input })
  return ok({ token, api_token: apiToken }, { status: 201 })
})
