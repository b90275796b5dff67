import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { afterAll } from 'vitest'
import { createApp } from '../../server/app'
import { checkAgainstContract } from './openapi-contract'

// The real server (server/app.ts + the built app) on an ephemeral port, and a
// cookie-keeping client for it. One server per test file.

let baseUrl: string | undefined

export async function loadBuild(): Promise<ServerBuild> {
  return (await import(
    /* @vite-ignore */ pathToFileURL(
      path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js'),
    ).href
  )) as ServerBuild
}

type AppOptions = Omit<Parameters<typeof createApp>[0], 'build'>

async function listen(
  options: AppOptions = {},
): Promise<{ base: string; close: () => Promise<void> }> {
  const app = createApp({ build: await loadBuild(), ...options })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function startServer(): Promise<string> {
  if (baseUrl) return baseUrl
  const { base, close } = await listen()
  afterAll(close)
  baseUrl = base
  return baseUrl
}

/**
 * After a long synchronous stretch in this process (a bulk insert on PGlite,
 * which runs in the test's own thread and holds its event loop), the server
 * may have closed a kept-alive socket meanwhile: a few requests let the
 * connection pool notice before the test's own requests go out.
 */
export async function reconnect(base: string) {
  for (let i = 0; i < 3; i++)
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
}

/**
 * A second server, made now: for settings read when the app is created
 * (TRUST_PROXY, PUBLIC_ORIGIN). Set the environment and resetEnvCache() first;
 * close it when the test is done.
 */
export function startExtraServer(
  options: AppOptions = {},
): Promise<{ base: string; close: () => Promise<void> }> {
  return listen(options)
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers }

/** A client that keeps its own session cookie, like one browser or one API consumer. */
export class Client {
  /** The cookies this client keeps, by name (the session's and the known browser's). */
  cookies = new Map<string, string>()
  constructor(public base: string) {}

  /** The Cookie header this client sends; setting it replaces every cookie it keeps. */
  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  set cookie(header: string) {
    this.cookies.clear()
    for (const pair of header.split(/;\s*/).filter(Boolean)) {
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }

  /** Just the session cookie, `name=value` ('' when there is none). */
  get sessionCookie(): string {
    for (const [name, value] of this.cookies)
      if (name === '__session' || name === '__Host-session') return `${name}=${value}`
    return ''
  }

  async request<T = any>(
    method: string,
    url: string,
    init: {
      json?: unknown
      form?: FormData
      body?: BodyInit
      headers?: Record<string, string>
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers }
    if (this.cookies.size) headers.Cookie = this.cookie
    let body: BodyInit | undefined = init.body
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(init.json)
    } else if (init.form) body = init.form
    const res = await fetch(this.base + url, { method, headers, body, redirect: 'manual' })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const at = pair.indexOf('=')
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)]
      if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: keep the text (pages, redirects)
    }
    // Every answer of the API must be what its OpenAPI document says.
    checkAgainstContract(method, this.base + url, res.status, res.headers, parsed)
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, { headers })
  }
  post<T = any>(url: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, { json: json ?? {}, headers })
  }
  put<T = any>(url: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, { json: json ?? {}, headers })
  }
  delete<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, { headers })
  }
  postForm<T = any>(url: string, form: FormData, method = 'POST') {
    return this.request<T>(method, url, { form })
  }

  async login(email: string, password = TEST_PASSWORD) {
    const res = await this.post('/api/auth/login', { email, password })
    if (res.status !== 200)
      throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`)
    return res
  }
}

export const TEST_PASSWORD = 'correct-horse-battery'

/** A client logged in as `user` (made by the factories, so with TEST_PASSWORD). */
export async function clientFor(user: { email: string }): Promise<Client> {
  const client = new Client(await startServer())
  await client.login(user.email)
  return client
}
