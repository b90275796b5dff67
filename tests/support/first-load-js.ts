import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

// What JavaScript a browser fetches to show a page the first time, read from
// the real server-rendered HTML and the built files: every <script src>, every
// <link rel="modulepreload">, every module an inline <script type="module">
// imports, and everything those files import statically in turn. A dynamic
// import() is left out: it is fetched later (when a form is first used, a
// dialog is opened), not to show the page. Each file counts gzipped at level 9,
// as the server's static files are sent to a browser that takes gzip.

/** The first-load budget of the public pages: 140 KB (1 KB = 1,000 bytes) of gzipped JavaScript. */
export const FIRST_LOAD_JS_BUDGET = 140_000

export type FirstLoadJs = {
  /** Gzipped bytes of every file below. */
  total: number
  /** Each file's URL path (/assets/…) and gzipped size, largest first. */
  files: { url: string; gzip: number }[]
}

/** Module URLs a page's HTML makes the browser fetch. */
export function scriptUrlsInHtml(html: string): string[] {
  const urls = new Set<string>()
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href)
  }
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1]
    if (src) urls.add(src)
  }
  // Inline modules: React Router's `import "…"`, `import * as route0 from "…"`
  // and its `import("…/entry.client-….js")`, which starts at once.
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g))
    for (const [, url] of body.matchAll(/\bimport\s*(?:[\w$*{}\s,]*\bfrom\s*)?\(?\s*"([^"]+)"/g))
      urls.add(url)
  return [...urls].filter((url) => url.endsWith('.js'))
}

/** Relative modules a built file imports statically (`import{a}from"./x.js"`, `import"./y.js"`). */
export function staticImports(source: string): string[] {
  const found = new Set<string>()
  for (const [, specifier] of source.matchAll(
    /\b(?:import|export)\s*(?:[\w$*{}\s,]*\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  ))
    found.add(specifier)
  return [...found]
}

/** The first-load JavaScript of `html`, with the files read from the built client directory. */
export function firstLoadJs(html: string, clientDir: string): FirstLoadJs {
  const seen = new Set<string>()
  const queue = scriptUrlsInHtml(html)
  const files: FirstLoadJs['files'] = []
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    seen.add(url)
    if (!url.startsWith('/')) throw new Error(`Not a path on this server: ${url}`)
    const file = path.join(clientDir, url)
    if (!fs.existsSync(file)) throw new Error(`${url} is in the page but not in ${clientDir}`)
    const source = fs.readFileSync(file)
    files.push({ url, gzip: zlib.gzipSync(source, { level: 9 }).length })
    for (const specifier of staticImports(source.toString('utf8')))
      queue.push(path.posix.join(path.posix.dirname(url), specifier))
  }
  files.sort((a, b) => b.gzip - a.gzip)
  return { total: files.reduce((sum, f) => sum + f.gzip, 0), files }
}

/** A size as the budget counts it: "131.2 KB". */
export function kb(bytes: number) {
  return `${(bytes / 1000).toFixed(1)} KB`
}
