import { z } from 'zod'
import { POTM_NOTE_MAX } from '~/domain/pet'
import { blankToUndefined, idSchema } from './fields'

// The landing page's Pet of the Month chooser (Owner/Manager): a pet and a
// short note for the current month. (The page's second button, intent=clear,
// goes back to the automatic choice and needs no fields.)

export const petOfTheMonthSchema = z.object({
  pet_id: z
    .preprocess(blankToUndefined, z.union([idSchema, z.undefined()]))
    .refine((v) => v !== undefined, 'Please choose a pet'),
  // Conform's coercion turns an empty field into undefined: optional, stored as "".
  note: z
    .string({ error: 'Note must be text' })
    .max(POTM_NOTE_MAX, `Note must be at most ${POTM_NOTE_MAX} characters`)
    // PostgreSQL text cannot hold U+0000: refuse it rather than fail in the database.
    .refine((v) => !v.includes('\u0000'), 'Note cannot contain a null character')
    .optional()
    .transform((v) => v ?? ''),
})

export type PetOfTheMonthInput = z.infer<typeof petOfTheMonthSchema>
