import { z } from 'zod'
import { STAY_UPDATE_NOTE_MAX } from '~/domain/stay-update'
import { checkbox } from './fields'
import { isEmptyFilePart, isUploadedFile, photoFile } from './pet'

// A stay update, from the pet page's form and from
// POST /api/bookings/{id}/updates (JSON, or multipart with a photo): a note of
// up to 1000 characters, the quick ticks (a ticked box posts "on"; JSON sends
// booleans) and an optional photo. It must say something: a note, a tick or a photo.

export const STAY_UPDATE_MESSAGES = {
  empty: 'Write a note, tick what went well or add a photo',
  photoNotImage: 'The photo must be a photo (JPEG, PNG, WebP, HEIC or GIF)',
  notCheckedIn: 'Updates can be posted only while the pet is checked in',
} as const

export const stayUpdateSchema = z
  .object({
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(STAY_UPDATE_NOTE_MAX, `Note must be at most ${STAY_UPDATE_NOTE_MAX} characters`)
      .optional()
      .default(''),
    ate_well: checkbox('ate_well').optional().default(false),
    played: checkbox('played').optional().default(false),
    medication_given: checkbox('medication_given').optional().default(false),
    // A photo (a multipart body only; an untouched file input is none).
    photo: z.preprocess(
      (v) => (isUploadedFile(v) && !isEmptyFilePart(v) ? v : undefined),
      photoFile.optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.note && !v.ate_well && !v.played && !v.medication_given && !v.photo)
      ctx.addIssue({ code: 'custom', path: ['note'], message: STAY_UPDATE_MESSAGES.empty })
  })

export type StayUpdateInput = z.infer<typeof stayUpdateSchema>
