import { z } from 'zod'
import { requestSchemas } from './request-schemas'
import * as S from './shapes'

// Every call of the JSON API, as the OpenAPI document lists it: path,
// method, who may call it, what it takes and every answer it gives. The
// request shapes are the schemas the pages and the API validate with
// (app/schemas); the answer shapes are ./shapes. A test fails when a route
// of app/routes.ts under /api has no entry here, or an entry no route.

/** Who may call: the document's security requirement and its `x-roles`. */
export type Access =
  | 'anyone' // no login
  | 'logged-in' // any user, with a session or an API token
  | 'client' // a client (not staff)
  | 'staff' // Employee, Manager, Owner
  | 'admin' // Manager, Owner

export type Operation = {
  method: 'get' | 'post' | 'put' | 'delete'
  /** OpenAPI path, '/api/bookings/{id}'. */
  path: string
  summary: string
  description?: string
  tag: string
  access: Access
  query?: { name: string; schema: z.ZodType; description: string }[]
  /** A JSON body (or, with `multipart`, also multipart/form-data with files). */
  body?: z.ZodType
  multipart?: boolean
  example?: unknown
  /** The answers besides errors (an Error body for any 4xx is added to every call). */
  responses: Record<number, { description: string; schema?: z.ZodType }>
}

const R = requestSchemas()

const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } })
const created = (schema: z.ZodType, description = 'Created') => ({
  201: { description, schema },
})
const message = (description: string) => ({ 200: { description, schema: S.Message } })
const paged = [
  {
    name: 'page',
    schema: z.number().int().min(1),
    description:
      'A page of the list (from 1); without page and limit, the whole list. The Link header names the others.',
  },
  {
    name: 'limit',
    schema: z.number().int().min(1).max(200),
    description: 'Items per page, 1–200 (50 when only page is given).',
  },
]
const photo = (name: string) => ({
  200: { description: `The ${name} (image/webp), private: its owner and staff only` },
})

export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'About',
    access: 'anyone',
    summary: 'This document (OpenAPI 3.1)',
    responses: ok(z.looseObject({ openapi: z.literal('3.1.0') })),
  },
  // ---- auth ----
  {
    method: 'get',
    path: '/api/auth',
    tag: 'Auth',
    access: 'logged-in',
    summary: 'Who is logged in (the session or the token’s user)',
    responses: ok(S.User),
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'Auth',
    access: 'anyone',
    summary: 'Log in: a session cookie',
    body: R.login,
    example: { email: 'demo-client@example.com', password: 'password' },
    responses: ok(S.User, 'Logged in; Set-Cookie carries the session'),
  },
  {
    method: 'post',
    path: '/api/auth/signup',
    tag: 'Auth',
    access: 'anyone',
    summary: 'Sign up as a client (logged in at once)',
    body: R.signup,
    responses: created(S.User),
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Auth',
    access: 'anyone',
    summary: 'Log out (the session ends)',
    responses: message('Logged out'),
  },
  {
    method: 'get',
    path: '/api/auth/logout',
    tag: 'Auth',
    access: 'anyone',
    summary: 'Log out (as the original client calls it)',
    responses: message('Logged out'),
  },
  {
    method: 'post',
    path: '/api/auth/forgot-password',
    tag: 'Auth',
    access: 'anyone',
    summary:
      'Mail a password reset link (the same answer whether or not the address has an account)',
    body: R.forgotPassword,
    responses: { 202: { description: 'Accepted', schema: S.Message } },
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    tag: 'Auth',
    access: 'anyone',
    summary: 'Set a new password from a reset link (revoke_tokens: end every API token too)',
    body: R.resetPassword,
    responses: ok(S.User, 'Logged in with the new password'),
  },

  // ---- the account ----
  {
    method: 'get',
    path: '/api/users/me',
    tag: 'Account',
    access: 'logged-in',
    summary: 'Your profile',
    responses: ok(S.User),
  },
  {
    method: 'put',
    path: '/api/users/me',
    tag: 'Account',
    access: 'logged-in',
    summary: 'Change your profile',
    body: R.profile,
    responses: ok(S.User),
  },
  {
    method: 'put',
    path: '/api/users/me/password',
    tag: 'Account',
    access: 'logged-in',
    summary: 'Change your password (every other session ends; revoke_tokens: every API token too)',
    body: R.changePassword,
    responses: message('Password changed'),
  },
  {
    method: 'get',
    path: '/api/tokens',
    tag: 'Account',
    access: 'logged-in',
    summary: 'Your API tokens (never the tokens themselves)',
    responses: ok(S.listOf('tokens', S.ApiToken)),
  },
  {
    method: 'post',
    path: '/api/tokens',
    tag: 'Account',
    access: 'logged-in',
    summary: 'Make an API token: send it as "Authorization: Bearer <token>"',
    description:
      'The token is in this answer only: the hotel keeps its hash. At most 20 per person.',
    body: R.apiToken,
    example: { name: 'Accounting export', read_only: true },
    responses: created(z.strictObject({ token: z.string(), api_token: S.ApiToken })),
  },
  {
    method: 'delete',
    path: '/api/tokens/{id}',
    tag: 'Account',
    access: 'logged-in',
    summary: 'Revoke one of your API tokens',
    responses: message('Token revoked'),
  },

  // ---- users (the Owner and Managers; staff lists) ----
  {
    method: 'get',
    path: '/api/users/real',
    tag: 'Users',
    access: 'admin',
    summary: 'Every user',
    responses: ok(S.listOf('users', S.User)),
  },
  {
    method: 'get',
    path: '/api/users/staff',
    tag: 'Users',
    access: 'staff',
    summary: 'The staff',
    responses: ok(S.listOf('staff', S.User)),
  },
  {
    method: 'get',
    path: '/api/users/{id}',
    tag: 'Users',
    access: 'logged-in',
    summary: 'One user (yourself; staff anyone)',
    responses: ok(S.User),
  },
  {
    method: 'post',
    path: '/api/users/clients',
    tag: 'Users',
    access: 'admin',
    summary: 'Make a client’s account (a walk-in): they are mailed a link to choose a password',
    body: R.clientAccount,
    responses: created(S.oneOf('user', S.User)),
  },
  {
    method: 'post',
    path: '/api/users/invitations',
    tag: 'Users',
    access: 'admin',
    summary: 'Invite a staff member by mail',
    body: R.invitation,
    responses: { 201: { description: 'Invitation sent', schema: S.Message } },
  },
  {
    method: 'put',
    path: '/api/users/{id}/position',
    tag: 'Users',
    access: 'admin',
    summary: 'Move a staff member between Employee and Manager (the Owner)',
    body: R.position,
    responses: ok(S.ManagedUser),
  },
  {
    method: 'put',
    path: '/api/users/{id}/active',
    tag: 'Users',
    access: 'admin',
    summary: 'Deactivate or reactivate an account (its sessions and tokens stop working)',
    body: R.active,
    responses: ok(S.ManagedUser),
  },

  // ---- pets ----
  {
    method: 'get',
    path: '/api/pets',
    tag: 'Pets',
    access: 'staff',
    summary: 'Every pet (paged on request)',
    query: paged,
    responses: ok(S.listOf('Pets', S.Pet)),
  },
  {
    method: 'post',
    path: '/api/pets',
    tag: 'Pets',
    access: 'logged-in',
    summary: 'Add a pet (multipart, with its photos)',
    body: R.petAdd,
    multipart: true,
    responses: created(S.Pet),
  },
  {
    method: 'get',
    path: '/api/pets/user',
    tag: 'Pets',
    access: 'logged-in',
    summary: 'Your pets',
    responses: ok(S.listOf('Pets', S.Pet)),
  },
  {
    method: 'get',
    path: '/api/pets/{id}',
    tag: 'Pets',
    access: 'logged-in',
    summary: 'One pet (its owner and staff)',
    responses: ok(S.Pet),
  },
  {
    method: 'put',
    path: '/api/pets/{id}',
    tag: 'Pets',
    access: 'logged-in',
    summary: 'Change a pet (JSON, or multipart with new photos)',
    body: R.petEdit,
    multipart: true,
    responses: ok(S.Pet),
  },
  {
    method: 'delete',
    path: '/api/pets/{id}',
    tag: 'Pets',
    access: 'logged-in',
    summary: 'Delete a pet',
    responses: message('Pet deleted'),
  },
  {
    method: 'delete',
    path: '/api/pets/{petId}/images/{imageId}',
    tag: 'Pets',
    access: 'logged-in',
    summary: 'Delete one of a pet’s photos',
    responses: message('Image deleted'),
  },
  {
    method: 'get',
    path: '/api/pets/{id}/vaccinations',
    tag: 'Vaccinations',
    access: 'logged-in',
    summary: 'A pet’s vaccination records (its owner and staff)',
    responses: ok(S.listOf('vaccinations', S.Vaccination)),
  },
  {
    method: 'post',
    path: '/api/pets/{id}/vaccinations',
    tag: 'Vaccinations',
    access: 'logged-in',
    summary: 'Add a vaccination record (JSON, or multipart with a certificate photo)',
    body: R.vaccination,
    multipart: true,
    example: { vaccine: 'Rabies', given_on: '2026-01-05', expires_on: '2029-01-05' },
    responses: created(S.oneOf('vaccination', S.Vaccination)),
  },
  {
    method: 'put',
    path: '/api/pets/{id}/vaccinations/{vaccinationId}',
    tag: 'Vaccinations',
    access: 'logged-in',
    summary: 'Change a vaccination record (staff may set verified)',
    body: R.vaccinationUpdate,
    multipart: true,
    responses: ok(S.oneOf('vaccination', S.Vaccination)),
  },
  {
    method: 'delete',
    path: '/api/pets/{id}/vaccinations/{vaccinationId}',
    tag: 'Vaccinations',
    access: 'logged-in',
    summary: 'Delete a vaccination record',
    responses: message('Vaccination deleted'),
  },
  {
    method: 'get',
    path: '/api/pets/{id}/vaccinations/{vaccinationId}/certificate',
    tag: 'Vaccinations',
    access: 'logged-in',
    summary: 'The certificate photo of a record',
    responses: photo('certificate'),
  },

  // ---- bookings ----
  {
    method: 'get',
    path: '/api/bookings',
    tag: 'Bookings',
    access: 'admin',
    summary: 'Every booking in id order (paged on request)',
    query: paged,
    responses: ok(S.listOf('bookings', S.Booking)),
  },
  {
    method: 'post',
    path: '/api/bookings',
    tag: 'Bookings',
    access: 'logged-in',
    summary: 'Book a stay (its client; the Owner and Managers for anyone)',
    body: R.booking,
    example: {
      client_id: 12,
      pet_id: 34,
      booking_type: 'boarding_care',
      drop_off_date: '2026-12-01 10:00:00',
      pick_up_date: '2026-12-04 10:00:00',
      services: [1, 3],
    },
    responses: created(S.oneOf('booking', S.Booking)),
  },
  {
    method: 'get',
    path: '/api/bookings/user',
    tag: 'Bookings',
    access: 'logged-in',
    summary: 'Your bookings',
    responses: ok(S.listOf('bookings', S.Booking)),
  },
  {
    method: 'get',
    path: '/api/bookings/pet/{petId}',
    tag: 'Bookings',
    access: 'logged-in',
    summary: 'A pet’s current booking (null when none)',
    responses: ok(z.strictObject({ booking: S.Booking.nullable() })),
  },
  {
    method: 'get',
    path: '/api/bookings/date/{date}',
    tag: 'Bookings',
    access: 'staff',
    summary: 'Every booking covering a date (a bare array)',
    responses: ok(z.array(S.Booking)),
  },
  {
    method: 'get',
    path: '/api/bookings/{id}',
    tag: 'Bookings',
    access: 'logged-in',
    summary: 'One booking (the booking itself)',
    responses: ok(S.Booking),
  },
  {
    method: 'put',
    path: '/api/bookings/{id}',
    tag: 'Bookings',
    access: 'logged-in',
    summary: 'Change a booking (re-priced; a stay under way: by the Owner and Managers)',
    body: R.booking,
    responses: ok(
      z.strictObject({
        booking: S.Booking,
        repriced: z.boolean(),
        previous_total: z.number(),
        message: z.string(),
      }),
    ),
  },
  {
    method: 'delete',
    path: '/api/bookings/{id}',
    tag: 'Bookings',
    access: 'logged-in',
    summary: 'Cancel a booking (its nights go to the waitlist)',
    responses: message('Booking deleted'),
  },
  {
    method: 'post',
    path: '/api/bookings/{id}/check-in',
    tag: 'Front desk',
    access: 'staff',
    summary: 'Check a pet in (409 while a required vaccine is missing)',
    responses: ok(S.oneOf('booking', S.Booking)),
  },
  {
    method: 'post',
    path: '/api/bookings/{id}/check-out',
    tag: 'Front desk',
    access: 'staff',
    summary: 'Check a pet out (early: the nights not used are freed)',
    responses: ok(S.oneOf('booking', S.Booking)),
  },
  {
    method: 'post',
    path: '/api/bookings/{id}/adjustments',
    tag: 'Front desk',
    access: 'admin',
    summary: 'Add a line with a reason to a booking’s price',
    body: R.priceAdjustment,
    example: { amount: -40, reason: 'Went home a day early' },
    responses: created(S.oneOf('booking', S.Booking)),
  },
  {
    method: 'get',
    path: '/api/bookings/{id}/updates',
    tag: 'Front desk',
    access: 'logged-in',
    summary: 'A stay’s updates, newest first (its client and staff)',
    responses: ok(S.listOf('updates', S.StayUpdate)),
  },
  {
    method: 'post',
    path: '/api/bookings/{id}/updates',
    tag: 'Front desk',
    access: 'staff',
    summary: 'Post an update on a stay under way (JSON, or multipart with a photo)',
    body: R.stayUpdate,
    multipart: true,
    responses: created(S.oneOf('update', S.StayUpdate)),
  },
  {
    method: 'get',
    path: '/api/bookings/{id}/updates/{updateId}/photo',
    tag: 'Front desk',
    access: 'logged-in',
    summary: 'An update’s photo',
    responses: photo('photo'),
  },

  // ---- the waitlist ----
  {
    method: 'get',
    path: '/api/waitlist',
    tag: 'Waitlist',
    access: 'logged-in',
    summary: 'Stays waiting for a place or holding one (yours; staff everyone’s)',
    query: [
      {
        name: 'date',
        schema: z.string(),
        description: 'YYYY-MM-DD: only the stays that would be at the hotel that day',
      },
    ],
    responses: ok(S.listOf('waitlist', S.WaitlistEntry)),
  },
  {
    method: 'post',
    path: '/api/waitlist',
    tag: 'Waitlist',
    access: 'logged-in',
    summary:
      'Wait for a place: the body of POST /api/bookings, for a stay refused for a full night',
    body: R.booking,
    responses: created(S.oneOf('entry', S.WaitlistEntry)),
  },
  {
    method: 'get',
    path: '/api/waitlist/{id}',
    tag: 'Waitlist',
    access: 'logged-in',
    summary: 'One stay on the waitlist, whatever became of it',
    responses: ok(S.oneOf('entry', S.WaitlistEntry)),
  },
  {
    method: 'delete',
    path: '/api/waitlist/{id}',
    tag: 'Waitlist',
    access: 'logged-in',
    summary: 'Leave the waitlist (a place held goes to the next)',
    responses: message('Left the waitlist'),
  },
  {
    method: 'post',
    path: '/api/waitlist/{id}/take',
    tag: 'Waitlist',
    access: 'logged-in',
    summary: 'Book the stay in the place held for it (409 once the hold lapsed)',
    responses: created(S.oneOf('booking', S.Booking)),
  },

  // ---- services, reviews, settings ----
  {
    method: 'get',
    path: '/api/services',
    tag: 'Services',
    access: 'anyone',
    summary: 'The services offered',
    responses: ok(S.listOf('services', S.Service)),
  },
  {
    method: 'post',
    path: '/api/services',
    tag: 'Services',
    access: 'admin',
    summary: 'Add a service',
    body: R.service,
    responses: created(S.Service),
  },
  {
    method: 'get',
    path: '/api/services/{id}',
    tag: 'Services',
    access: 'anyone',
    summary: 'One service',
    responses: ok(S.Service),
  },
  {
    method: 'put',
    path: '/api/services/{id}',
    tag: 'Services',
    access: 'admin',
    summary: 'Change a service',
    body: R.service,
    responses: ok(S.Service),
  },
  {
    method: 'delete',
    path: '/api/services/{id}',
    tag: 'Services',
    access: 'admin',
    summary: 'Withdraw a service',
    responses: message('Service deleted'),
  },
  {
    method: 'get',
    path: '/api/reviews',
    tag: 'Reviews',
    access: 'anyone',
    summary: 'Every review, newest first (paged on request)',
    query: paged,
    responses: ok(S.listOf('reviews', S.Review)),
  },
  {
    method: 'post',
    path: '/api/reviews',
    tag: 'Reviews',
    access: 'client',
    summary: 'Review the hotel',
    body: R.review,
    example: { review: 'Lovely stay', paws: 5 },
    responses: created(S.Review),
  },
  {
    method: 'get',
    path: '/api/reviews/ordered',
    tag: 'Reviews',
    access: 'anyone',
    summary: 'The best reviews first',
    query: [
      { name: 'limit', schema: z.number().int().min(1), description: 'How many (10 by default)' },
    ],
    responses: ok(S.listOf('reviews', S.Review)),
  },
  {
    method: 'get',
    path: '/api/reviews/{id}',
    tag: 'Reviews',
    access: 'anyone',
    summary: 'One review',
    responses: ok(S.Review),
  },
  {
    method: 'put',
    path: '/api/reviews/{id}',
    tag: 'Reviews',
    access: 'client',
    summary: 'Change your review',
    body: R.review,
    responses: ok(S.Review),
  },
  {
    method: 'delete',
    path: '/api/reviews/{id}',
    tag: 'Reviews',
    access: 'logged-in',
    summary: 'Delete a review (yours; the Owner and Managers any)',
    responses: message('Review deleted'),
  },
  {
    method: 'get',
    path: '/api/settings',
    tag: 'Settings',
    access: 'admin',
    summary: 'Capacity, daily prices and the vaccines each species needs',
    responses: ok(S.Settings),
  },
  {
    method: 'put',
    path: '/api/settings',
    tag: 'Settings',
    access: 'admin',
    summary: 'Change any of the settings (the others keep their values)',
    body: R.settings,
    example: { dog_kennels: 22 },
    responses: ok(S.Settings),
  },
]
