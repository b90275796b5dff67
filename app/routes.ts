import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// Every URL of the app, listed explicitly. Pages first, then the JSON /api
// (resource routes), whose paths and shapes existing clients rely on. React Router matches a path with or
// without its trailing slash.
export default [
  // ---- pages ----
  index('routes/index.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('logout', 'routes/logout.ts'),
  route('demo-login', 'routes/demo-login.ts'),
  route('invitation', 'routes/invitation.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  // A new email address is confirmed from a mailed link, logged in or not.
  route('account/email', 'routes/account.email.tsx'),
  route('account/deleted', 'routes/account.deleted.tsx'),
  route('account/data', 'routes/account.data.ts'),
  layout('routes/layout.tsx', [
    route('services', 'routes/services.tsx'),
    route('reviews', 'routes/reviews.tsx'),
    // Add Pet and Edit Pet are dialogs over their parent page (rendered through its <Outlet/>).
    route('pets', 'routes/pets.tsx', [route('new', 'routes/pets.new.tsx')]),
    route('pets/:petId', 'routes/pets.$petId.tsx', [route('edit', 'routes/pets.$petId.edit.tsx')]),
    route('bookings', 'routes/bookings.tsx'),
    route('bookings/pet/:petId', 'routes/bookings.pet.$petId.tsx'),
    route('bookingsByDate', 'routes/bookings-by-date.tsx'),
    route('my-bookings', 'routes/my-bookings.tsx'),
    route('waitlist/:id', 'routes/waitlist.$id.tsx'),
    // The JSON API's reference, rendered from its OpenAPI document (a page: the layout's).
    route('api/docs', 'routes/api-docs.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/delete', 'routes/account.delete.tsx'),
    route('users', 'routes/users.tsx'),
    route('settings', 'routes/settings.tsx'),
    // The development mailbox (no SMTP_URL, not production): the Owner reads the outbox.
    route('admin/outbox', 'routes/admin.outbox.tsx'),
    route('admin/outbox/:id', 'routes/admin.outbox.$id.tsx'),
  ]),
  route('photos/:key', 'routes/photos.$key.ts'),
  // The day sheet's run sheet as a CSV download (staff).
  route('bookingsByDate.csv', 'routes/bookings-by-date.csv.ts'),

  // ---- JSON API ----
  ...prefix('api', [
    route('auth', 'routes/api/auth.ts'),
    route('auth/login', 'routes/api/auth.login.ts'),
    route('auth/signup', 'routes/api/auth.signup.ts'),
    route('auth/logout', 'routes/api/auth.logout.ts'),
    route('auth/forgot-password', 'routes/api/auth.forgot-password.ts'),
    route('auth/reset-password', 'routes/api/auth.reset-password.ts'),
    route('users/real', 'routes/api/users.real.ts'),
    route('users/staff', 'routes/api/users.staff.ts'),
    route('users/invitations', 'routes/api/users.invitations.ts'),
    route('users/clients', 'routes/api/users.clients.ts'),
    route('users/me', 'routes/api/users.me.ts'),
    route('users/me/password', 'routes/api/users.me.password.ts'),
    route('users/:id/position', 'routes/api/users.$id.position.ts'),
    route('users/:id/active', 'routes/api/users.$id.active.ts'),
    route('users/:id', 'routes/api/users.$id.ts'),
    route('pets', 'routes/api/pets.ts'),
    route('pets/user', 'routes/api/pets.user.ts'),
    route('pets/:id', 'routes/api/pets.$id.ts'),
    route('pets/:petId/images/:imageId', 'routes/api/pets.$petId.images.$imageId.ts'),
    route('pets/:id/vaccinations', 'routes/api/pets.$id.vaccinations.ts'),
    route(
      'pets/:id/vaccinations/:vaccinationId',
      'routes/api/pets.$id.vaccinations.$vaccinationId.ts',
    ),
    route(
      'pets/:id/vaccinations/:vaccinationId/certificate',
      'routes/api/pets.$id.vaccinations.$vaccinationId.certificate.ts',
    ),
    route('bookings', 'routes/api/bookings.ts'),
    route('bookings/user', 'routes/api/bookings.user.ts'),
    route('bookings/pet/:petId', 'routes/api/bookings.pet.$petId.ts'),
    route('bookings/date/:date', 'routes/api/bookings.date.$date.ts'),
    route('bookings/:id/check-in', 'routes/api/bookings.$id.check-in.ts'),
    route('bookings/:id/check-out', 'routes/api/bookings.$id.check-out.ts'),
    route('bookings/:id/updates', 'routes/api/bookings.$id.updates.ts'),
    route('bookings/:id/adjustments', 'routes/api/bookings.$id.adjustments.ts'),
    route(
      'bookings/:id/updates/:updateId/photo',
      'routes/api/bookings.$id.updates.$updateId.photo.ts',
    ),
    route('bookings/:id', 'routes/api/bookings.$id.ts'),
    route('openapi.json', 'routes/api/openapi.json.ts'),
    route('tokens', 'routes/api/tokens.ts'),
    route('tokens/:id', 'routes/api/tokens.$id.ts'),
    route('waitlist', 'routes/api/waitlist.ts'),
    route('waitlist/:id', 'routes/api/waitlist.$id.ts'),
    route('waitlist/:id/take', 'routes/api/waitlist.$id.take.ts'),
    route('services', 'routes/api/services.ts'),
    route('services/:id', 'routes/api/services.$id.ts'),
    route('reviews', 'routes/api/reviews.ts'),
    route('reviews/ordered', 'routes/api/reviews.ordered.ts'),
    route('reviews/:id', 'routes/api/reviews.$id.ts'),
    route('settings', 'routes/api/settings.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig
