import { z } from 'zod'
import { isValidIsoDate } from '~/domain/hotel-time'
import {
  MAX_CONTACT_NAME,
  BEHAVIORS,
  GENDERS,
  MAX_ADDITIONAL_IMAGES,
  MAX_PHOTO_MB,
  PET_SIZES,
  PET_TYPES,
} from '~/domain/pet'
import { normalisePhone } from './auth'
import {
  blankToUndefined,
  idSchema,
  positiveNumber,
  requiredText,
  startsWithCapital,
} from './fields'

// The pet add/edit form, shared by the pages (Conform, parsing the text of
// each field itself, exactly as the API does) and by
// POST/PUT /api/pets. Photos are checked here for presence, count and size;
// whether the bytes really are an image is decided on the server by decoding
// them (app/infra/photo-processing.server.ts).

export const PET_MESSAGES = {
  previewRequired: 'Preview image is required',
  previewNotImage: 'Preview image must be an image',
  additionalNotImage: 'Additional images must be images',
  tooManyAdditional: `You can add up to ${MAX_ADDITIONAL_IMAGES} additional images`,
  photoTooLarge: `Each photo must be ${MAX_PHOTO_MB} MB or smaller`,
  tooManyPixels: 'Photos can be at most 40 megapixels',
  badShape: 'Photos can be at most 20 times as long as they are wide',
} as const

/** A File or Blob from a form (browser File, undici File on the server). */
export type UploadedFile = {
  name: string
  size: number
  type: string
  arrayBuffer(): Promise<ArrayBuffer>
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as UploadedFile).arrayBuffer === 'function' &&
    typeof (value as UploadedFile).size === 'number' &&
    typeof (value as UploadedFile).name === 'string'
  )
}

/**
 * An untouched file input still posts a part with filename "" and no bytes:
 * that is "no file", not an empty photo.
 */
export function isEmptyFilePart(value: unknown) {
  return isUploadedFile(value) && value.name === '' && value.size === 0
}

const capitalized = (required: string, message: string, max = 60) =>
  requiredText(required, max).refine((v) => typeof v === 'string' && startsWithCapital(v), message)

const choice = <T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string,
) =>
  z.preprocess(
    blankToUndefined,
    z.enum(values, { error: (iss) => (iss.input === undefined ? required : invalid) }),
  )

const optionalNote = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: `${label} must be text` })
      .max(1000, `${label} must be at most 1000 characters`)
      // PostgreSQL text cannot hold U+0000: refuse it rather than fail in the database.
      .refine((v) => !v.includes('\u0000'), `${label} must not contain a null character`),
  )

/**
 * A contact's name (the vet's, the emergency contact's): optional, '' is
 * none. Left out of a request, it is left as the pet has it — clients that
 * never heard of these fields keep them when they send the pet again.
 */
const contactName = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null ? '' : v),
      z
        .string({ error: `${label} must be text` })
        .max(MAX_CONTACT_NAME, `${label} must be at most ${MAX_CONTACT_NAME} characters`)
        .refine((v) => !v.includes('\u0000'), `${label} must not contain a null character`),
    )
    .optional()

/** A contact's phone, read like the account's ("(555) 123-4567" is 5551234567); '' is none. */
const contactPhone = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? '' : v === null ? '' : normalisePhone(v)),
      z
        .string({ error: `${label} must be a phone number` })
        .refine((v) => v === '' || /^\d{10}$/.test(v), `${label} must be 10 digits long`),
    )
    .optional()

export const PET_CONTACT_FIELDS = [
  'vet_name',
  'vet_phone',
  'emergency_contact_name',
  'emergency_contact_phone',
] as const

export const photoFile = z
  .custom<UploadedFile>(isUploadedFile)
  .refine((file) => file.size <= MAX_PHOTO_MB * 1024 * 1024, PET_MESSAGES.photoTooLarge)

export const petFields = {
  name: capitalized('Name is required', 'Name must be capitalized', 50),
  type: choice(PET_TYPES, 'Type is required', 'Type must be cat or dog'),
  breed: capitalized('Breed is required', 'Breed must be capitalized'),
  age: positiveNumber('Age must be a positive number', 'Age is required', 100),
  gender: choice(GENDERS, 'Gender is required', 'Gender must be male or female'),
  color: capitalized('Color is required', 'Color must be capitalized'),
  weight: positiveNumber('Weight must be a positive number', 'Weight is required', 1000),
  size: choice(PET_SIZES, 'Size is required', 'Size must be one of the listed sizes'),
  behavior: choice(
    BEHAVIORS,
    'Behavior is required',
    'Behavior must be calm, playful, aggressive or shy',
  ),
  medication_note: optionalNote('Medication note'),
  dietary_note: optionalNote('Dietary note'),
  vet_name: contactName('Vet name'),
  vet_phone: contactPhone('Vet phone'),
  emergency_contact_name: contactName('Emergency contact name'),
  emergency_contact_phone: contactPhone('Emergency contact phone'),
  owner_id: z.preprocess(blankToUndefined, idSchema.optional()),
}

export type PetFormMode = 'add' | 'edit'

const dobField = (today: string | undefined) =>
  requiredText('DOB is required', 10)
    .refine(
      (v) => typeof v === 'string' && isValidIsoDate(v),
      'DOB must be a valid date (YYYY-MM-DD)',
    )
    .refine((v) => !today || typeof v !== 'string' || v <= today, 'DOB cannot be in the future')

// Repeated parts arrive as an array, a single one as a value. Text parts (a
// client echoing the URLs of photos it keeps) are not uploads: ignored.
const additionalField = (allowed: number) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
        (f) => isUploadedFile(f) && !isEmptyFilePart(f),
      ),
    z.array(photoFile).max(allowed, PET_MESSAGES.tooManyAdditional),
  )

const previewField = (mode: PetFormMode) => {
  const file = (v: unknown) => (isUploadedFile(v) && !isEmptyFilePart(v) ? v : undefined)
  return mode === 'add'
    ? z.preprocess(
        file,
        z
          .custom<UploadedFile>((v) => v !== undefined, PET_MESSAGES.previewRequired)
          .pipe(photoFile),
      )
    : z.preprocess(file, photoFile.optional())
}

/**
 * The pet form: the preview photo is required on add and optional (a
 * replacement) on edit. `today` (the hotel's 'YYYY-MM-DD') enables the "not in
 * the future" rule for the date of birth; the server always passes it.
 * `additionalAllowed` is how many more additional photos the pet may get
 * (MAX_ADDITIONAL_IMAGES minus those it has).
 */
export function petFormSchema({
  mode,
  today,
  additionalAllowed = MAX_ADDITIONAL_IMAGES,
}: {
  mode: PetFormMode
  today?: string
  additionalAllowed?: number
}) {
  return z.object({
    ...petFields,
    dob: dobField(today),
    preview_image: previewField(mode),
    additional_images: additionalField(Math.max(0, additionalAllowed)),
  })
}

export type PetFormInput = z.infer<ReturnType<typeof petFormSchema>>

/** The fields a pet row holds (the form minus photos and owner). */
export type PetFieldsInput = Omit<PetFormInput, 'preview_image' | 'additional_images' | 'owner_id'>
