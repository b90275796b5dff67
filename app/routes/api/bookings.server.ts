import { apiError } from '~/http/api.server'
import { BookingError } from '~/models/booking.server'
import { SettingsError } from '~/models/hotel-settings.server'

// Shared by the /api/bookings resource routes: a model's refusal becomes the
// JSON error body of the contract; anything else is a real failure and is rethrown.
export function toApiError(error: unknown): never {
  if (error instanceof BookingError || error instanceof SettingsError)
    throw apiError(
      error.status,
      error.message,
      error instanceof BookingError ? error.errors : undefined,
    )
  throw error
}
