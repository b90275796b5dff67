import { z } from 'zod'
import { signupFields } from './auth'
import { checkbox, requiredText } from './fields'

// A person's own account (/account, PUT /api/users/me and
// /api/users/me/password). The fields follow the signup rules and messages;
// anything that could hand the account to someone else (a new email, a new
// password, deleting it) asks for the current password as well, so a
// session left open on a shared computer is not enough.

const currentPassword = requiredText('Current password is required', 1000)

const confirmPassword = requiredText('Confirm Password is required', 128)
const CONFIRM_MISMATCH = 'Confirm Password field must be the same as the Password field'

/** The profile: the signup fields but email and password (PUT /api/users/me). */
export const profileSchema = z.object({
  username: signupFields.username,
  fname: signupFields.fname,
  lname: signupFields.lname,
  phone_num: signupFields.phone_num,
  address: signupFields.address,
  city: signupFields.city,
  state: signupFields.state,
  zip: signupFields.zip,
})
export type ProfileInput = z.infer<typeof profileSchema>

/** A new password (PUT /api/users/me/password); the other sessions end. */
export const changePasswordSchema = z
  .object({
    current_password: currentPassword,
    password: signupFields.password,
    confirm_password: confirmPassword,
    // Scripts keep their API tokens unless the person asks for them to end too.
    revoke_tokens: checkbox('revoke_tokens').optional().default(false),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: CONFIRM_MISMATCH,
  })
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

/** A new email address, confirmed later by a link mailed to it. */
export const changeEmailSchema = z.object({
  email: signupFields.email,
  current_password: currentPassword,
})
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>

/** Deleting one's account: the confirmation is the current password. */
export const deleteAccountSchema = z.object({ current_password: currentPassword })
