import { z } from 'zod'
import { signupFields } from './auth'
import { checkbox, requiredText } from './fields'

// Forgotten passwords. The page and POST /api/auth/forgot-password and
// /api/auth/reset-password share these; the new password follows the signup
// rules and their messages.

export const RESET_TOKEN_MAX = 200

/** /forgot-password and POST /api/auth/forgot-password {email} */
export const forgotPasswordSchema = z.object({ email: signupFields.email })

/** /reset-password and POST /api/auth/reset-password {token, password, confirm_password} */
export const resetPasswordSchema = z
  .object({
    token: requiredText('The reset link is missing its token', RESET_TOKEN_MAX),
    password: signupFields.password,
    confirm_password: requiredText('Confirm Password is required', 128),
    // Scripts keep their API tokens unless the person asks for them to end too.
    revoke_tokens: checkbox('revoke_tokens').optional().default(false),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Confirm Password field must be the same as the Password field',
  })

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>
