import sharp from 'sharp'

// The bodies tests send again and again: a valid pet form, a valid signup,
// a form from a record, and real images to put in them.

/** A pet form's fields that pass every rule. */
export const PET_FIELDS = {
  name: 'Biscuit',
  type: 'dog',
  breed: 'Beagle',
  age: '3',
  gender: 'male',
  color: 'Tricolor',
  weight: '24.5',
  dob: '2022-05-01',
  size: 'he chomnk',
  behavior: 'playful',
  medication_note: 'Half a pill at breakfast',
  dietary_note: '',
}

/** A signup that passes every rule (POST /api/auth/signup). */
export const SIGNUP_FIELDS = {
  username: 'newclient',
  email: 'New.Client@example.com',
  password: 'a-long-password',
  fname: 'Nova',
  lname: 'Client',
  phone_num: '5559876543',
  address: '7 Harbor Road',
  city: 'Portland',
  state: 'Maine',
  zip: '04101',
}

/** A real image of one colour. */
export function image(
  width = 500,
  height = 500,
  { format = 'png', color = '#3a7bd5' }: { format?: 'png' | 'jpeg'; color?: string } = {},
): Promise<Buffer> {
  const picture = sharp({ create: { width, height, channels: 3, background: color } })
  return (format === 'png' ? picture.png() : picture.jpeg()).toBuffer()
}

export function blob(bytes: Buffer, type = 'image/jpeg') {
  return new Blob([new Uint8Array(bytes)], { type })
}

/** FormData from a record; a list makes a repeated field. */
export function formOf(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields))
    for (const x of Array.isArray(v) ? v : [v]) form.append(k, x)
  return form
}

/** The pet form (multipart) with its photos; `undefined` in `overrides` leaves a field out. */
export function petForm(
  overrides: Record<string, string | undefined> = {},
  files: {
    preview?: Buffer | null
    additional?: Buffer[]
    previewType?: string
    previewName?: string
  } = {},
) {
  const form = new FormData()
  for (const [k, v] of Object.entries({ ...PET_FIELDS, ...overrides }))
    if (v !== undefined) form.append(k, v)
  if (files.preview)
    form.append(
      'preview_image',
      blob(files.preview, files.previewType),
      files.previewName ?? 'preview.jpg',
    )
  for (const [i, b] of (files.additional ?? []).entries())
    form.append('additional_images', blob(b, 'image/png'), `extra-${i}.png`)
  return form
}
