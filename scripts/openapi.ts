// `npm run openapi`: writes the OpenAPI document of the JSON API to
// docs/openapi.json, and the TypeScript types of the typed client example
// (examples/api-types.ts) made from it by openapi-typescript. Both are
// committed, so a change of the contract shows in review; a test fails when
// either is stale.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { openApiDocument } from '../app/http/openapi/document'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const DOCUMENT_FILE = path.join(root, 'docs', 'openapi.json')
export const TYPES_FILE = path.join(root, 'examples', 'api-types.ts')

/** The committed files' texts as they should be now. */
export async function openApiFiles(): Promise<Record<string, string>> {
  const { text, document } = openApiDocument()
  const ast = await openapiTS(document as never)
  const types = `// Made by \`npm run openapi\` from docs/openapi.json (openapi-typescript). Do not edit.\n${astToString(ast)}`
  return { [DOCUMENT_FILE]: text, [TYPES_FILE]: types }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(await openApiFiles())) {
    fs.writeFileSync(file, text)
    console.log(`wrote ${path.relative(root, file)}`)
  }
}
