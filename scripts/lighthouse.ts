// `npm run lighthouse`: Lighthouse (mobile, its default) on the public pages of
// the production build, with the first-load JavaScript of each page beside its
// four scores. Not part of CI: the scores are measured, not promised.
//
//   npm run lighthouse                       # /, /services, /reviews, /login, /signup
//   npm run lighthouse -- /reviews /login    # only these
//   npm run lighthouse -- --runs=5           # each page 5 times, the median run shown
//   npm run lighthouse -- --reports=DIR      # also keep each page's full report (JSON)
//
// Performance is simulated (a mid-range phone on a slow 4G network) from a
// trace of the real load, so a busy machine lowers it: compare runs made on
// a quiet one, and prefer the median of several.
//
// It builds if the sources changed (scripts/ensure-build.mjs, BUILD_DIR as
// everywhere), serves the build with NODE_ENV=production on a fresh embedded
// database holding the demo hotel (so the pages have their services, reviews
// and Pet of the Month), and drives Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium): nothing downloads a browser.
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import lighthouse, { type Result as LighthouseResult } from 'lighthouse'
import { firstLoadJs, FIRST_LOAD_JS_BUDGET, kb } from '../tests/support/first-load-js'
import { SERVER_NODE_FLAGS } from './lib/spawn-server'

const PAGES = ['/', '/services', '/reviews', '/login', '/signup']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const pages = process.argv.slice(2).filter((arg) => arg.startsWith('/'))
const option = (name: string) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
const reportsDir = option('reports')
const runs = Math.max(1, Number(option('runs') ?? 1))
const buildDir = process.env.BUILD_DIR ?? 'build'
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-lighthouse-'))
const children: ChildProcess[] = []

try {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' })
  const base = await startServer()
  const chromePort = await startChromium()
  const rows: string[][] = []
  for (const page of pages.length ? pages : PAGES) {
    const html = await (await fetch(base + page)).text()
    const js = firstLoadJs(html, path.resolve(buildDir, 'client'))
    const lhr = await medianRun(base + page, chromePort)
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true })
      const name = page === '/' ? 'index' : page.slice(1).replaceAll('/', '-')
      fs.writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(lhr, null, 1))
    }
    const { categories, audits } = lhr
    const scores = CATEGORIES.map((c) => String(Math.round((categories[c]?.score ?? 0) * 100)))
    rows.push([page, ...scores, kb(js.total)])
    // What cost points, so a score below 100 says why.
    for (const category of CATEGORIES)
      for (const ref of categories[category]?.auditRefs ?? []) {
        const audit = audits[ref.id]
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9)
          console.log(
            `  ${page} ${category}: ${audit.title} (${audit.displayValue ?? audit.score})`,
          )
      }
  }
  printTable(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'first-load JS (gzip)'],
    rows,
  )
  console.log(`First-load JavaScript budget: ${kb(FIRST_LOAD_JS_BUDGET)} per page.`)
} finally {
  for (const child of children) child.kill('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 500))
  fs.rmSync(workDir, { recursive: true, force: true })
}

/** The run with the median performance score of `runs`; a run whose trace failed is made again. */
async function medianRun(url: string, port: number) {
  const done: LighthouseResult[] = []
  for (let tries = 0; done.length < runs; tries++) {
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (!result.lhr.runtimeError) done.push(result.lhr)
    else if (tries >= runs + 2)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`)
  }
  const score = (lhr: LighthouseResult) => lhr.categories.performance?.score ?? 0
  return done.sort((a, b) => score(a) - score(b))[Math.floor(done.length / 2)]
}

async function startServer(): Promise<string> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: path.join(workDir, 'data'),
    DEMO_MODE: 'true',
    LOG_LEVEL: 'error',
  }
  delete env.DATABASE_URL // always the embedded database, made fresh
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(child)
  let failed: Error | undefined
  child.once('error', (error) => (failed = error))
  const base = `http://127.0.0.1:${port}`
  for (let tries = 0; tries < 600; tries++) {
    if (failed) throw failed
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    const up = await fetch(`${base}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (up) return base
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('The server did not answer /healthz within a minute')
}

async function startChromium(): Promise<number> {
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      ...CHROME_FLAGS,
      '--remote-debugging-port=0',
      `--user-data-dir=${path.join(workDir, 'chromium')}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  children.push(child)
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr!.on('data', (chunk) => {
      stderr += String(chunk)
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)?.[1]
      if (port) resolve(Number(port))
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${stderr}`)))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
  console.log(
    ['', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'),
  )
}
