import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ASKED_OF_CONFORM } from '../../app/components/field-props'
import { seedDemoData } from '../../app/models/demo-seed.server'
import {
  FIRST_LOAD_JS_BUDGET,
  firstLoadJs,
  kb,
  scriptUrlsInHtml,
  staticImports,
} from '../support/first-load-js'
import { startServer } from '../support/http'

// The public pages stay light on a phone: showing one of them the first time
// fetches at most 140 KB of gzipped JavaScript (React DOM and React Router
// alone are about 112 KB), measured from the page the real server renders and
// the built files it points at. Form validation, the Log In and Sign Up
// dialogs and the forms only some people see are fetched when needed, not here.

const PUBLIC_PAGES = ['/', '/services', '/reviews', '/login', '/signup']
const clientDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')

let base: string
beforeAll(async () => {
  await seedDemoData() // pages with their services, reviews and Pet of the Month
  base = await startServer()
})

describe('first-load JavaScript of a visitor', () => {
  it.each(PUBLIC_PAGES)(`%s fetches at most ${kb(FIRST_LOAD_JS_BUDGET)} gzipped`, async (page) => {
    const res = await fetch(base + page)
    expect(res.status).toBe(200)
    const js = firstLoadJs(await res.text(), clientDir)
    const listing = js.files.map((f) => `${f.url} ${kb(f.gzip)}`).join('\n')

    // What every page needs, so a measure that misses files cannot pass.
    expect(js.files.some((f) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(f.url))).toBe(true)
    expect(js.total).toBeGreaterThan(100_000)
    expect(js.total, `${page}: ${kb(js.total)} of JavaScript\n${listing}`).toBeLessThanOrEqual(
      FIRST_LOAD_JS_BUDGET,
    )
  })
})

describe("the browser's JavaScript", () => {
  it('leaves out the form fields only the server renders', () => {
    // The server's fields (field-props.ts) list what they ask of Conform: a
    // literal the minifier keeps as it is, so a bundle holding them holds it.
    const list = JSON.stringify(ASKED_OF_CONFORM)
    const assets = fs.readdirSync(path.join(clientDir, 'assets')).filter((f) => f.endsWith('.js'))
    expect(assets.length).toBeGreaterThan(10)
    const holding = assets.filter((f) =>
      fs.readFileSync(path.join(clientDir, 'assets', f), 'utf8').includes(list),
    )
    expect(holding).toEqual([])
  })
})

describe('the first-load measure', () => {
  const html = `<html><head>
    <link rel="modulepreload" href="/assets/chunk-a.js" nonce="x"/>
    <link rel="stylesheet" href="/assets/root.css"/>
    <link rel="preload" as="image" href="/logo.svg"/>
  </head><body>
    <script nonce="x">window.__ctx = {"import":"/assets/not-a-module.js"}</script>
    <script nonce="x" type="module" async="">import "/assets/manifest.js";
import * as route0 from "/assets/root.js";
import("/assets/entry.client-abc.js");</script>
  </body></html>`

  it('reads modulepreloads and the modules an inline module imports, not other links or data', () => {
    expect(scriptUrlsInHtml(html).sort()).toEqual([
      '/assets/chunk-a.js',
      '/assets/entry.client-abc.js',
      '/assets/manifest.js',
      '/assets/root.js',
    ])
  })

  it('follows static imports of built files, never dynamic ones', () => {
    expect(
      staticImports(
        'import{j as e}from"./jsx.js";import"./side.js";export{a}from"./re.js";' +
          'const f=()=>import("./lazy.js");',
      ).sort(),
    ).toEqual(['./jsx.js', './re.js', './side.js'])
  })

  it('sums every file once, gzipped, and refuses a page that points at a missing file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'))
    const write = (name: string, text: string) =>
      fs.writeFileSync(path.join(dir, 'assets', name), text)
    fs.mkdirSync(path.join(dir, 'assets'))
    write('chunk-a.js', 'import"./shared.js";'.padEnd(5000, ' '))
    write('manifest.js', 'window.m={}')
    write('root.js', 'import{s}from"./shared.js";const l=()=>import("./lazy.js");')
    write('entry.client-abc.js', 'import"./chunk-a.js";')
    write('shared.js', 'export const s=1')
    write('lazy.js', 'x'.repeat(50_000))
    try {
      const js = firstLoadJs(html, dir)
      expect(js.files.map((f) => f.url).sort()).toEqual([
        '/assets/chunk-a.js',
        '/assets/entry.client-abc.js',
        '/assets/manifest.js',
        '/assets/root.js',
        '/assets/shared.js',
      ])
      expect(js.total).toBe(js.files.reduce((sum, f) => sum + f.gzip, 0))
      expect(js.total).toBeLessThan(1000) // lazy.js (50 KB of x) is not in it

      fs.rmSync(path.join(dir, 'assets', 'shared.js'))
      expect(() => firstLoadJs(html, dir)).toThrow(/shared\.js is in the page but not in/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
