import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { accepting, freePort } from './free-port'

// Debian's nginx as a child process in front of several app servers, as a
// hotel with more than one server would run it: its own config and prefix
// directory (temp files, pid), no daemon, errors to stderr. Bodies are not
// buffered (proxy_request_buffering off) so the app's own streaming limits
// apply, and the largest form (55 MB) passes. The app servers run with
// TRUST_PROXY=1 to take the client's address from X-Forwarded-For.
// Each answer says which app server gave it (X-Upstream): for tests only.

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx'

export type Nginx = { url: string; stop: () => Promise<void> }

export function nginxInstalled(): boolean {
  return spawnSync(NGINX_BIN, ['-v']).status === 0
}

export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-hotel-nginx-'))
  const port = await freePort()
  const conf = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(conf, config(prefix, port, upstreams))
  const child = spawn(NGINX_BIN, ['-p', prefix, '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-10_000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const failed = exited.then(() => {
    throw new Error(`nginx exited before it listened:\n${stderr}`)
  })
  await Promise.race([accepting(port), failed])
  failed.catch(() => {})
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT') // graceful: finish what is in flight
      await exited
      fs.rmSync(prefix, { recursive: true, force: true })
    },
  }
}

function config(prefix: string, port: number, upstreams: string[]): string {
  const temp = (name: string) => path.join(prefix, name)
  return `
daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream app {
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 64;
    # Shorter than the app server's own keep-alive timeout (5 s), so nginx never reuses a
    # connection the app is closing (a 502).
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    # nginx closes a client's keep-alive connection after its 1,000th request
    # (the default). A browser sends a GET again on a new connection when that
    # happens; the load tool counts an error when its next request was already
    # on the way (one error in 4 of 20 two-second cluster benches of ~47,000
    # requests a target; with a limit of 50, 1–10 a target). The bench's
    # connections make thousands of requests each.
    keepalive_requests 100000;
    client_max_body_size 55m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_next_upstream off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`
}
