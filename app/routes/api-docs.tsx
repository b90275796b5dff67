import { Fragment } from 'react'
import type { Route } from './+types/api-docs'
import { PageHeader } from '~/components/page-header'
import { pageMeta } from '~/domain/hotel'
import { openApiDocument, type OpenApiOperation } from '~/http/openapi/document'
import '~/styles/api-docs.css'

// /api/docs — the JSON API's reference for people, rendered on the server
// from the OpenAPI document (/api/openapi.json): every call grouped by what
// it is about, who may make it, its parameters, its body and its answers,
// then every named shape. No JavaScript needed; links jump within the page.

type Schema = Record<string, unknown>

export function loader() {
  const { document } = openApiDocument()
  const groups = document.tags.map(({ name }) => ({
    name,
    operations: Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags.includes(name))
        .map(([method, op]) => ({ path, method, op })),
    ),
  }))
  return {
    info: document.info as { title: string; description: string },
    groups,
    schemas: document.components.schemas as Record<string, Schema>,
  }
}

const anchor = (method: string, path: string) =>
  `${method}-${path
    .replace(/^\/api\//, '')
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/gi, '-')}`

/** A schema in a few words: a link to a named shape, a type, a list of… */
function TypeOf({ schema }: { schema: Schema | undefined }) {
  if (!schema || !Object.keys(schema).length) return <>any</>
  const ref = schema.$ref as string | undefined
  if (ref) {
    const name = ref.split('/').pop()!
    return <a href={`#schema-${name}`}>{name}</a>
  }
  if (Array.isArray(schema.anyOf))
    return (
      <>
        {(schema.anyOf as Schema[]).map((s, i) => (
          <Fragment key={i}>
            {i ? ' or ' : ''}
            <TypeOf schema={s} />
          </Fragment>
        ))}
      </>
    )
  if (schema.type === 'array')
    return (
      <>
        list of <TypeOf schema={schema.items as Schema} />
      </>
    )
  if (Array.isArray(schema.enum))
    return <>{(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ')}</>
  if (schema.type === 'object' && schema.properties)
    return (
      <>
        {'{ '}
        {Object.entries(schema.properties as Record<string, Schema>).map(([name, field], i) => (
          <Fragment key={name}>
            {i ? ', ' : ''}
            <code>{name}</code>: <TypeOf schema={field} />
          </Fragment>
        ))}
        {' }'}
      </>
    )
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any')
  return <>{schema.format ? `${type} (${String(schema.format)})` : type}</>
}

/** An object's fields as a table; anything else in a few words. */
function Fields({ schema, caption }: { schema: Schema; caption: string }) {
  const properties = schema.properties as Record<string, Schema> | undefined
  if (!properties) return <TypeOf schema={schema} />
  const required = new Set((schema.required as string[] | undefined) ?? [])
  return (
    <div className="table-wrap">
      <table className="table table-stack api-fields">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(properties).map(([name, field]) => (
            <tr key={name}>
              <th scope="row" data-label="Field">
                <code>{name}</code>
                {required.has(name) ? null : <span className="muted"> (optional)</span>}
              </th>
              <td data-label="Type">
                <TypeOf schema={field} />
              </td>
              <td className="muted" data-label="Notes">
                {describe(field)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function describe(field: Schema): string {
  const notes: string[] = []
  if (typeof field.description === 'string') notes.push(field.description)
  if (field.minLength !== undefined || field.maxLength !== undefined)
    notes.push(`${field.minLength ?? 0}–${field.maxLength ?? '…'} characters`)
  if (field.minimum !== undefined || field.maximum !== undefined)
    notes.push(`from ${field.minimum ?? '…'} to ${field.maximum ?? '…'}`)
  if (field.minItems !== undefined || field.maxItems !== undefined)
    notes.push(`${field.minItems ?? 0}–${field.maxItems ?? '…'} items`)
  return notes.join('; ')
}

function OperationEntry({
  path,
  method,
  op,
}: {
  path: string
  method: string
  op: OpenApiOperation
}) {
  const id = anchor(method, path)
  const body = op.requestBody as
    { content: Record<string, { schema: Schema; example?: unknown }> } | undefined
  const json = body?.content['application/json']
  const parameters = (op.parameters ?? []) as {
    name: string
    in: string
    description?: string
    schema: Schema
  }[]
  return (
    <article className="panel stack api-operation" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="api-operation-title">
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>{' '}
        <code>{path}</code>
      </h3>
      <p>{op.summary}</p>
      {op.description ? <p className="muted">{op.description}</p> : null}
      {parameters.length ? (
        <>
          <h4>Parameters</h4>
          <ul>
            {parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code>{p.name}</code> ({p.in}, <TypeOf schema={p.schema} />)
                {p.description ? ` — ${p.description}` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {json ? (
        <>
          <h4>
            Body (JSON{body!.content['multipart/form-data'] ? ', or multipart with files' : ''})
          </h4>
          <Fields schema={json.schema} caption={`The body of ${method.toUpperCase()} ${path}`} />
          {json.example !== undefined ? (
            <pre className="api-example">
              <code>{JSON.stringify(json.example, null, 2)}</code>
            </pre>
          ) : null}
        </>
      ) : null}
      <h4>Answers</h4>
      <ul>
        {Object.entries(op.responses).map(([status, r]) => {
          const content = r.content ? Object.entries(r.content)[0] : undefined
          return (
            <li key={status}>
              <strong>{status}</strong> {r.description}
              {content ? (
                <>
                  {' — '}
                  {content[0] === 'application/json' ? (
                    <TypeOf schema={content[1].schema} />
                  ) : (
                    content[0]
                  )}
                </>
              ) : null}
            </li>
          )
        })}
      </ul>
    </article>
  )
}

export default function ApiDocsPage({ loaderData }: Route.ComponentProps) {
  const { info, groups, schemas } = loaderData
  return (
    <div className="container page api-docs">
      <PageHeader
        title="API reference"
        description="Every call of the JSON API, from its OpenAPI document."
        actions={
          <a className="btn btn-secondary" href="/api/openapi.json">
            OpenAPI document (JSON)
          </a>
        }
      />
      <section className="panel stack" aria-labelledby="about-title">
        <h2 id="about-title">{info.title}</h2>
        {info.description.split('\n\n').map((p, i) => (
          <p key={i}>
            {/* `code` in the document's prose reads as code here. */}
            {p.split('`').map((part, j) => (j % 2 ? <code key={j}>{part}</code> : part))}
          </p>
        ))}
        <p>
          Make a token on your <a href="/account#api-tokens">account page</a>. A typed client
          example is in the repository, under <code>examples/</code>.
        </p>
        <nav aria-label="API sections">
          <ul className="cluster api-toc">
            {groups.map((g) => (
              <li key={g.name}>
                <a href={`#tag-${g.name.replace(/\W+/g, '-')}`}>{g.name}</a>
              </li>
            ))}
            <li>
              <a href="#shapes">Shapes</a>
            </li>
          </ul>
        </nav>
      </section>

      {groups.map((g) => (
        <section
          key={g.name}
          className="section stack"
          id={`tag-${g.name.replace(/\W+/g, '-')}`}
          aria-labelledby={`tag-${g.name.replace(/\W+/g, '-')}-title`}
        >
          <h2 id={`tag-${g.name.replace(/\W+/g, '-')}-title`}>{g.name}</h2>
          {g.operations.map((o) => (
            <OperationEntry key={`${o.method} ${o.path}`} {...o} />
          ))}
        </section>
      ))}

      <section className="section stack" id="shapes" aria-labelledby="shapes-title">
        <h2 id="shapes-title">Shapes</h2>
        {Object.entries(schemas).map(([name, schema]) => (
          <article
            key={name}
            className="panel stack"
            id={`schema-${name}`}
            aria-labelledby={`schema-${name}-title`}
          >
            <h3 id={`schema-${name}-title`}>{name}</h3>
            {typeof schema.description === 'string' ? (
              <p className="muted">{schema.description}</p>
            ) : null}
            <Fields schema={schema} caption={`The fields of ${name}`} />
          </article>
        ))}
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'API reference',
    'Every call of the JSON API, who may make it, what it takes and answers.',
  )

export { headers } from '~/http/route-headers'
