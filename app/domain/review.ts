/** A review of the hotel, rated in paws (1–5); its times are ISO 8601 UTC text. */
export type Review = {
  id: number
  review: string
  paws: number
  client_id: number
  client_username: string
  created_at: string
  updated_at: string
}
