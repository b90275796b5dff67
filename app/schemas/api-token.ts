import { z } from 'zod'
import { API_TOKEN_NAME_MAX } from '~/domain/api-token'
import { checkbox } from './fields'

// A new API token, from the account page and POST /api/tokens: a name that
// says what uses it ("Accounting export"), and whether it may only read.
export const apiTokenSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`)
    .refine((v) => !v.includes('\u0000'), 'Name must be text'),
  read_only: checkbox('read_only').optional().default(false),
})

export type ApiTokenInput = z.infer<typeof apiTokenSchema>
