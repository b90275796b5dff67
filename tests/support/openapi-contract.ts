import fs from 'node:fs'
import path from 'node:path'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { inject } from 'vitest'
import { openApiDocument } from '../../app/http/openapi/document'

// The contract, checked on every answer the API tests receive: the OpenAPI
// document (made from the same code the server runs) must name the call and
// its status, and the body must match the schema it gives — a failing match
// fails the test that made the request. Each documented call a test reaches
// is noted in the run's work dir; at the end of a whole run the global
// teardown fails the run when a documented call was never reached.

const { document } = openApiDocument()
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
const validators = new Map<string, ValidateFunction>()

/** '/api/bookings/12/updates' → '/api/bookings/{id}/updates', from the document's paths. */
const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
  // More fixed segments first: /api/bookings/user before /api/bookings/{id}.
  fixed: template.split('/').filter((s) => s && !s.startsWith('{')).length,
}))
templates.sort((a, b) => b.fixed - a.fixed)

const matchTemplate = (pathname: string) =>
  templates.find((t) => t.pattern.test(pathname))?.template

function validatorFor(key: string, schema: unknown) {
  let validate = validators.get(key)
  if (!validate) {
    // Each schema is compiled with the document's components beside it, so its refs resolve.
    validate = ajv.compile({ ...(schema as object), components: document.components })
    validators.set(key, validate)
  }
  return validate
}

const errorSchema = document.components.schemas.Error

const seen = new Set<string>()
function noteReached(key: string) {
  if (seen.has(key)) return
  seen.add(key)
  fs.appendFileSync(path.join(inject('workDir'), `openapi-hits-${process.pid}.txt`), `${key}\n`)
}

/**
 * Throws when an answer of the API breaks the document: an undocumented
 * status, or a body that does not match. `body` is the parsed JSON (or text).
 */
export function checkAgainstContract(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  body: unknown,
) {
  // The original client's paths end in a slash (/api/pets/user/): the same calls.
  const pathname = new URL(url).pathname.replace(/(.)\/$/, '$1')
  // (A .data URL is React Router's own data request, not the JSON API.)
  if (
    !pathname.startsWith('/api/') ||
    pathname.endsWith('.data') ||
    method === 'HEAD' ||
    pathname === '/api/docs'
  )
    return
  const json = (headers.get('Content-Type') ?? '').startsWith('application/json')
  const template = matchTemplate(pathname)
  const operation = template ? document.paths[template][method.toLowerCase() as 'get'] : undefined
  if (!operation) {
    // A call the API does not have (a wrong path or method): its refusal is still an Error.
    if (status < 400)
      throw new Error(`${method} ${pathname} answered ${status} but is not in the OpenAPI document`)
    if (json && !validatorFor('error', errorSchema)(body))
      throw new Error(`${method} ${pathname} ${status}: not an Error body: ${JSON.stringify(body)}`)
    return
  }
  const key = `${method.toUpperCase()} ${template}`
  const documented =
    operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`]
  if (!documented)
    throw new Error(`${key} answered ${status}, which the OpenAPI document does not list`)
  if (status < 400) noteReached(key)
  const content = documented.content
  if (!content) {
    if (body !== undefined && body !== '')
      throw new Error(`${key} ${status}: the document says no body, but one came`)
    return
  }
  const type = (headers.get('Content-Type') ?? '').split(';')[0].trim()
  if (!content[type])
    throw new Error(
      `${key} ${status}: answered ${type || 'no content type'}, the document says ${Object.keys(content).join(', ')}`,
    )
  if (type !== 'application/json') return
  // A streamed whole list arrives as text when cut short; only whole JSON is judged.
  const validate = validatorFor(`${key} ${status}`, content[type].schema)
  if (!validate(body))
    throw new Error(
      `${key} ${status} breaks the OpenAPI document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(body).slice(0, 800)}`,
    )
}

/** Every documented call as 'METHOD /api/path' (the teardown's list to reach). */
export function documentedCalls(): string[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${template}`),
  )
}
