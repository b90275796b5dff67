import { z } from 'zod'
import { STAFF_POSITIONS } from '~/domain/staff'
import { profileSchema } from './account'
import { signupFields } from './auth'
import { blankToUndefined, requiredText } from './fields'

// Staff management: the forms of /users and /invitation, shared with
// POST /api/users/invitations and PUT /api/users/{id}/position|active.

const position = z.preprocess(
  blankToUndefined,
  z.enum(STAFF_POSITIONS, {
    error: (iss) =>
      iss.input === undefined ? 'Position is required' : 'Position must be Employee or Manager',
  }),
)

/** Invite a staff member (the /users form, POST /api/users/invitations). */
export const invitationSchema = z.object({
  fname: signupFields.fname,
  lname: signupFields.lname,
  email: signupFields.email,
  position,
})
export type InvitationInput = z.infer<typeof invitationSchema>

/**
 * A client account made by the front desk for someone who phones or walks in
 * (the /users form, POST /api/users/clients): the signup's details but the
 * username (made from the email) and the password (the client chooses it
 * from a mailed link).
 */
export const clientAccountSchema = z.object({
  fname: signupFields.fname,
  lname: signupFields.lname,
  email: signupFields.email,
  phone_num: signupFields.phone_num,
  address: signupFields.address,
  city: signupFields.city,
  state: signupFields.state,
  zip: signupFields.zip,
})
export type ClientAccountInput = z.infer<typeof clientAccountSchema>

/** Move a staff member between Employee and Manager (the /users form, PUT …/position). */
export const positionSchema = z.object({ position })

/** PUT /api/users/{id}/active — a JSON boolean (the page posts an intent instead). */
export const activeSchema = z.object({
  active: z.boolean({
    error: (iss) =>
      iss.input === undefined ? 'Active is required' : 'Active must be true or false',
  }),
})

/**
 * Accepting an invitation (/invitation): the signup fields but the email,
 * which is the invited one, with the confirmation the signup page has too.
 */
export const acceptInvitationSchema = z
  .object({
    token: requiredText('This invitation link is incomplete', 200),
    ...profileSchema.shape,
    password: signupFields.password,
    confirm_password: requiredText('Confirm Password is required', 128),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Confirm Password field must be the same as the Password field',
  })
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>
