import fs from 'node:fs'
import { startNginx, type Nginx } from './nginx'
import { startLocalS3, type LocalS3 } from './s3'
import { spawnServer, type SpawnedServer } from './spawn-server'

// Several app servers on one PostgreSQL database behind nginx, photos on a
// local S3 — the way a hotel outgrows one machine. The servers share nothing
// but the database and the photo store: sessions, rate limits and the read
// cache's versions live in PostgreSQL.

export type Cluster = {
  /** nginx, in front of every server. */
  url: string
  servers: SpawnedServer[]
  nginx: Nginx
  s3: LocalS3
  stop: () => Promise<void>
}

export async function startCluster({
  databaseUrl,
  servers: count = 2,
  env = {},
  quiet = false,
}: {
  databaseUrl: string
  servers?: number
  env?: Record<string, string>
  quiet?: boolean
}): Promise<Cluster> {
  const s3 = await startLocalS3()
  const shared = {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    TRUST_PROXY: '1',
    SESSION_SECRET: env.SESSION_SECRET ?? 'cluster-secret-shared-by-every-server',
    ...env,
  }
  // One after another: the first runs the migrations (and seeds the demo hotel when asked).
  const servers: SpawnedServer[] = []
  for (let i = 0; i < count; i++) servers.push(await spawnServer(shared, { quiet }))
  const nginx = await startNginx(servers.map((s) => new URL(s.url).host))
  return {
    url: nginx.url,
    servers,
    nginx,
    s3,
    stop: async () => {
      await nginx.stop()
      await Promise.all(servers.map((s) => s.stop()))
      await s3.stop()
    },
  }
}

/** Resident memory of a process, in MB (Linux). */
export function residentMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}
