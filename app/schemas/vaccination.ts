import { z } from 'zod'
import { calendarDateProblem, type IsoDate } from '~/domain/hotel-time'
import { isEmptyFilePart, isUploadedFile, photoFile } from './pet'
import { checkbox } from './fields'
import { MAX_VACCINE_NAME } from './settings'

// A vaccination record, from the pet page's form and from
// POST/PUT /api/pets/{id}/vaccinations: the vaccine, the date it was given
// (not in the future) and the date it expires (after it was given), both
// dates the calendar keeps, and — in a multipart body — an optional photo of
// the certificate. `verified` is staff's alone (the model refuses a client
// who sends it).

export const VACCINATION_MESSAGES = {
  vaccine: 'Vaccine is required',
  givenFuture: 'Date given cannot be in the future',
  certificateNotImage: 'The certificate must be a photo (JPEG, PNG, WebP, HEIC or GIF)',
  expiresBeforeGiven: 'Expiry date must be after the date given',
} as const

function date(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
}

/** The schema for a given "today" (hotel time): dates are judged against it. */
export function vaccinationSchema(today: IsoDate) {
  return z
    .object({
      vaccine: z
        .string({ error: VACCINATION_MESSAGES.vaccine })
        .trim()
        .min(1, VACCINATION_MESSAGES.vaccine)
        .max(MAX_VACCINE_NAME, `Vaccine must be at most ${MAX_VACCINE_NAME} characters`),
      given_on: date('Date given'),
      expires_on: date('Expiry date'),
      // A photo of the certificate (a multipart body only; an untouched file input is none).
      certificate: z.preprocess(
        (v) => (isUploadedFile(v) && !isEmptyFilePart(v) ? v : undefined),
        photoFile.optional(),
      ),
      verified: checkbox('verified').optional(),
    })
    .superRefine((v, ctx) => {
      const given = calendarDateProblem(v.given_on, today)
      if (given) ctx.addIssue({ code: 'custom', path: ['given_on'], message: given })
      else if (v.given_on > today)
        ctx.addIssue({
          code: 'custom',
          path: ['given_on'],
          message: VACCINATION_MESSAGES.givenFuture,
        })
      const expires = calendarDateProblem(v.expires_on, today)
      if (expires) ctx.addIssue({ code: 'custom', path: ['expires_on'], message: expires })
      else if (!given && v.expires_on <= v.given_on)
        ctx.addIssue({
          code: 'custom',
          path: ['expires_on'],
          message: VACCINATION_MESSAGES.expiresBeforeGiven,
        })
    })
}

export type VaccinationInput = z.infer<ReturnType<typeof vaccinationSchema>>
