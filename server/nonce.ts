import crypto from 'node:crypto'

// A fresh CSP nonce for every answer: 16 random bytes, base64. Drawn from a
// pool of random bytes refilled 4 KB at a time (as crypto.randomUUID does),
// so an answer costs a slice, not a call into the system's random source.
const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let at = 0

export function newNonce(): string {
  if (at + 16 > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES)
    at = 0
  }
  const nonce = pool.toString('base64', at, at + 16)
  at += 16
  return nonce
}
