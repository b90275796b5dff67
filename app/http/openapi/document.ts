import { z } from 'zod'
import { API_TOKEN_PREFIX } from '~/domain/api-token'
import { HOTEL_NAME } from '~/domain/hotel'
import { OPERATIONS, type Access, type Operation } from './operations'
import { ErrorBody } from './shapes'

// The OpenAPI 3.1 document of the JSON API, made from OPERATIONS with zod
// 4's own JSON Schema output (OpenAPI 3.1 speaks JSON Schema 2020-12, so no
// translation is needed). Named shapes (`.meta({ id })`) become
// components/schemas and are referred to. The same text is served at
// /api/openapi.json, rendered at /api/docs, and committed as
// docs/openapi.json by `npm run openapi` (a test fails when that copy is stale).

type JsonSchema = Record<string, unknown>
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: Record<string, unknown>
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> }
  tags: { name: string }[]
}
export type OpenApiOperation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  'x-roles': string[]
  parameters?: unknown[]
  requestBody?: unknown
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >
}

const ROLES: Record<Access, string[]> = {
  anyone: ['visitor', 'client', 'Employee', 'Manager', 'Owner'],
  'logged-in': ['client', 'Employee', 'Manager', 'Owner'],
  client: ['client'],
  staff: ['Employee', 'Manager', 'Owner'],
  admin: ['Manager', 'Owner'],
}

const ACCESS_TEXT: Record<Access, string> = {
  anyone: 'Anyone, logged in or not.',
  'logged-in':
    'Any logged-in user (a session or an API token); what they see is theirs unless they are staff.',
  client: 'Clients.',
  staff: 'Staff: Employees, Managers and the Owner.',
  admin: 'The Owner and Managers.',
}

/** Collects the named shapes a conversion meets, refers to them by #/components/schemas. */
function converter() {
  const components: Record<string, JsonSchema> = {}
  const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      reused: 'inline',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> }
    const { $schema: _schema, $defs, ...rest } = json
    const refer = (value: JsonSchema) =>
      JSON.parse(
        JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'),
      ) as JsonSchema
    for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= refer(def)
    return refer(rest)
  }
  return { components, toSchema }
}

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'date' ? { type: 'string', format: 'date' } : { type: 'integer', minimum: 1 },
  }))

const operationId = (op: Operation) =>
  `${op.method}${op.path
    .replace(/^\/api/, '')
    .split(/[/{}.-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')}`

export function buildOpenApiDocument(): OpenApiDocument {
  const { components, toSchema } = converter()
  const error = { 'application/json': { schema: toSchema(ErrorBody, 'output') } }
  const paths: OpenApiDocument['paths'] = {}
  for (const op of OPERATIONS) {
    const responses: OpenApiOperation['responses'] = {}
    for (const [status, r] of Object.entries(op.responses))
      responses[status] = {
        description: r.description,
        ...(r.schema
          ? { content: { 'application/json': { schema: toSchema(r.schema, 'output') } } }
          : { content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } }),
      }
    if (op.method === 'get')
      responses['304'] = { description: 'Not modified: the ETag sent in If-None-Match still holds' }
    responses['4XX'] = {
      description:
        'Refused: 400 bad input, 401 not logged in, 403 not allowed, 404 not found, 405 wrong method, 409 the state of things forbids it, 413 too large, 415 wrong content type, 429 too many requests (see Retry-After)',
      content: error,
    }
    responses['5XX'] = {
      description:
        'Not now: 503 busy with other uploads or long lists (see Retry-After), 500 a fault of ours',
      content: error,
    }
    const parameters = [
      ...pathParameters(op.path),
      ...(op.query ?? []).map((q) => ({
        name: q.name,
        in: 'query',
        required: false,
        description: q.description,
        schema: toSchema(q.schema, 'input'),
      })),
    ]
    const body = op.body ? toSchema(op.body, 'input') : undefined
    const operation: OpenApiOperation = {
      operationId: operationId(op),
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      security: op.access === 'anyone' ? [] : [{ session: [] }, { token: [] }],
      'x-roles': ROLES[op.access],
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: body,
                  ...(op.example !== undefined ? { example: op.example } : {}),
                },
                ...(op.multipart ? { 'multipart/form-data': { schema: body } } : {}),
              },
            },
          }
        : {}),
      responses,
    }
    operation.description = [op.description, `Who may call: ${ACCESS_TEXT[op.access]}`]
      .filter(Boolean)
      .join('\n\n')
    ;(paths[op.path] ??= {})[op.method] = operation
  }
  const tags = [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name }))
  return {
    openapi: '3.1.0',
    info: {
      title: `${HOTEL_NAME} API`,
      version: '1.0.0',
      description: [
        `The JSON API of ${HOTEL_NAME}: pets, bookings, the front desk, the waitlist, services, reviews and accounts.`,
        `Authenticate with the session cookie of POST /api/auth/login, or with a personal API token made on the account page (or POST /api/tokens): \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`. A token acts with its user's rights, may be read-only, and has its own rate limit (600 requests a minute).`,
        'Dates and times are hotel wall time, `YYYY-MM-DD HH:MM:SS`; money is in US dollars. Every refusal is `{"message", "errors"}`. Answers to GET carry an ETag; send it back in If-None-Match for a 304. The long lists take `?page=` and `?limit=` and then name the other pages in a Link header.',
      ].join('\n\n'),
    },
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-session',
          description:
            'The session of POST /api/auth/login (named __session on plain http). Unsafe methods from another site are refused.',
        },
        token: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX}…`,
          description: 'A personal API token; cookies are ignored on a call that sends one.',
        },
      },
    },
  }
}

let cached: { text: string; document: OpenApiDocument } | undefined

/** The document and its JSON text (made once per process). */
export function openApiDocument() {
  if (!cached) {
    const document = buildOpenApiDocument()
    cached = { document, text: `${JSON.stringify(document, null, 2)}\n` }
  }
  return cached
}
