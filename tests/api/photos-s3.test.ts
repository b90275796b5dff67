import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEnvCache } from '../../app/infra/env.server'
import { Client, startServer } from '../support/http'
import { createUser } from '../support/factories'

// The S3 path of the photo store, against a real S3-compatible server
// (s3rver) on 127.0.0.1 — not a mocked SDK. This file is its own process, so
// the S3 settings are in the environment before the app first reads it.

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  options: Record<string, unknown>,
) => S3rverInstance

const BUCKET = 'pet-photos'
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
const s3rver = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: BUCKET }],
})

let base: string
let s3: S3Client
beforeAll(async () => {
  const { port } = await s3rver.run()
  const endpoint = `http://127.0.0.1:${port}`
  Object.assign(process.env, {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  })
  resetEnvCache()
  base = await startServer()
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
})

afterAll(async () => {
  s3?.destroy()
  await s3rver.close()
  fs.rmSync(s3Dir, { recursive: true, force: true })
})

const keyOf = (url: string) => url.replace(/^\/photos\//, '')

async function bucketKeys(): Promise<string[]> {
  const res = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))
  return (res.Contents ?? []).map((o) => o.Key!).sort()
}

async function objectExists(key: string) {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
    return true
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false
    throw error
  }
}

async function objectBytes(key: string) {
  const res = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
  return { body: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType }
}

const png = (color: string, width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()

async function petForm(files: { preview?: Buffer; additional?: Buffer[] }) {
  const form = new FormData()
  for (const [k, v] of Object.entries({
    name: 'Mochi',
    type: 'cat',
    breed: 'Siamese',
    age: '2',
    gender: 'female',
    color: 'Cream',
    weight: '9',
    dob: '2024-01-15',
    size: 'a fine boi',
    behavior: 'shy',
  }))
    form.append(k, v)
  if (files.preview)
    form.append(
      'preview_image',
      new Blob([new Uint8Array(files.preview)], { type: 'image/png' }),
      'p.png',
    )
  for (const b of files.additional ?? [])
    form.append('additional_images', new Blob([new Uint8Array(b)], { type: 'image/png' }), 'a.png')
  return form
}

describe('photos on an S3-compatible bucket', () => {
  it('uploads, serves, replaces and deletes through the API, with the objects in the bucket', async () => {
    const user = await createUser()
    const client = new Client(base)
    await client.login(user.email)

    const created = await client.postForm(
      '/api/pets',
      await petForm({ preview: await png('#884400'), additional: [await png('#004488')] }),
    )
    expect(created.status).toBe(201)
    const pet = created.body
    const keys = [
      pet.preview_image,
      pet.preview_thumbnail,
      pet.pet_images[0].url,
      pet.pet_images[0].thumbnail,
    ].map(keyOf)
    expect(await bucketKeys()).toEqual([...keys].sort())
    // Nothing went to the local disk.
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, 'photos'))).toBe(false)

    // Stored re-encoded, typed, and served by the app byte for byte.
    const stored = await objectBytes(keyOf(pet.preview_image))
    expect(stored.contentType).toBe('image/webp')
    const meta = await sharp(stored.body).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 320, 240, undefined])
    const served = await fetch(base + pet.preview_image)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await served.arrayBuffer()).equals(stored.body)).toBe(true)
    const missing = await fetch(`${base}/photos/${'0'.repeat(32)}.webp`)
    expect(missing.status).toBe(404)
    await missing.arrayBuffer()

    // Replacing the preview removes the old objects.
    const form = await petForm({ preview: await png('#228833', 500, 500) })
    const updated = await client.postForm(`/api/pets/${pet.id}`, form, 'PUT')
    expect(updated.status).toBe(200)
    expect(await objectExists(keyOf(pet.preview_image))).toBe(false)
    expect(await objectExists(keyOf(pet.preview_thumbnail))).toBe(false)
    expect(await objectExists(keyOf(updated.body.preview_image))).toBe(true)
    const gone = await fetch(base + pet.preview_image)
    expect(gone.status).toBe(404)
    await gone.arrayBuffer()

    // Deleting a photo removes its objects.
    const del = await client.delete(`/api/pets/${pet.id}/images/${pet.pet_images[0].id}`)
    expect(del.status).toBe(200)
    expect(await objectExists(keyOf(pet.pet_images[0].url))).toBe(false)
    expect(await objectExists(keyOf(pet.pet_images[0].thumbnail))).toBe(false)
    expect(await bucketKeys()).toEqual(
      [keyOf(updated.body.preview_image), keyOf(updated.body.preview_thumbnail)].sort(),
    )

    // Deleting the pet empties the bucket of its photos.
    expect((await client.delete(`/api/pets/${pet.id}`)).status).toBe(200)
    expect(await bucketKeys()).toEqual([])
  })

  it('stores nothing when an upload is refused', async () => {
    const user = await createUser()
    const client = new Client(base)
    await client.login(user.email)
    const before = await bucketKeys()
    const res = await client.postForm(
      '/api/pets',
      await petForm({ preview: await png('#123456'), additional: [Buffer.from('just text')] }),
    )
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ additional_images: 'Additional images must be images' })
    expect(await bucketKeys()).toEqual(before)
  })
})
