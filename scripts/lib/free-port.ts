import net from 'node:net'

/** A TCP port free on 127.0.0.1 right now (for a child that cannot listen on port 0 and say which). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Resolves once something accepts connections on the port (retrying refusals, up to `attempts`). */
export async function accepting(port: number, attempts = 2000): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
  }
  throw new Error(`nothing accepted connections on port ${port}`)
}
