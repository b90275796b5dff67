import { z } from 'zod'
import { blankToUndefined, requiredText, startsWithCapital } from './fields'

// The signup and login rules and their messages ('First name must be
// capitalized', …), written once: the pages (Conform) and /api/auth share them.

const capitalized = (required: string, message: string, max = 100) =>
  requiredText(required, max).refine((v) => typeof v === 'string' && startsWithCapital(v), message)

const email = z.preprocess(
  (v) => (typeof blankToUndefined(v) === 'string' ? (v as string).trim() : blankToUndefined(v)),
  z
    .string({
      error: (iss) => (iss.input === undefined ? 'Email is required' : 'Email must be text'),
    })
    .max(254, 'Email must be at most 254 characters')
    .email('Please enter a valid email address'),
)

const digits = (required: string, notNumber: string, wrongLength: string, length: number) =>
  requiredText(required, 50).superRefine((v, ctx) => {
    if (typeof v !== 'string') return
    if (!/^\d+$/.test(v)) ctx.addIssue({ code: 'custom', message: notNumber })
    else if (v.length !== length) ctx.addIssue({ code: 'custom', message: wrongLength })
  })

/**
 * A phone number as people write it — "(555) 123-4567", "555-123-4567",
 * "555.123.4567", "+1 555 123 4567" — read as its digits (a leading country
 * code 1 dropped), so it is checked and stored as 10 digits. Anything with
 * other characters is left as typed and gets the spec's messages.
 */
export function normalisePhone(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (!/^\+?[\d\s().-]+$/.test(text) || !/\d/.test(text)) return value
  const digits = text.replace(/\D/g, '')
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
}

const phone = z.preprocess(
  normalisePhone,
  digits(
    'Phone number is required',
    'Phone number must be a number',
    'Phone number must be 10 digits long',
    10,
  ),
)

export const signupFields = {
  username: requiredText('Username is required', 40)
    .refine(
      (v) => typeof v === 'string' && v.trim().length >= 3,
      'Username must be at least 3 characters',
    )
    .refine(
      (v) => typeof v === 'string' && /^[A-Za-z0-9_.-]+$/.test(v),
      'Username may only use letters, numbers, dots, dashes and underscores',
    ),
  email,
  password: requiredText('Password is required', 128).refine(
    (v) => typeof v === 'string' && v.length >= 8,
    'Password must be at least 8 characters',
  ),
  fname: capitalized('First name is required', 'First name must be capitalized'),
  lname: capitalized('Last name is required', 'Last name must be capitalized'),
  phone_num: phone,
  address: requiredText('Address is required', 200).superRefine((v, ctx) => {
    if (typeof v !== 'string') return
    if (!/^\d/.test(v.trim()))
      ctx.addIssue({ code: 'custom', message: 'Address must start with a number' })
    else if (v.split(/\s+/).some((word) => /^\p{Ll}/u.test(word)))
      ctx.addIssue({ code: 'custom', message: 'All first letters must be capitalized' })
  }),
  city: capitalized('City is required', 'City must be capitalized'),
  state: capitalized('State is required', 'State must be capitalized'),
  zip: digits(
    'Zip code is required',
    'Zip code must be a number',
    'Zip code must be 5 digits long',
    5,
  ),
}

/** POST /api/auth/signup */
export const signupSchema = z.object(signupFields)

/** The signup page adds the confirmation field. */
export const signupFormSchema = z
  .object({
    ...signupFields,
    confirm_password: requiredText('Confirm Password is required', 128),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Confirm Password field must be the same as the Password field',
  })

export const loginSchema = z.object({
  email,
  password: requiredText('Password is required', 1000),
})

export type SignupInput = z.infer<typeof signupSchema>
export type LoginInput = z.infer<typeof loginSchema>
