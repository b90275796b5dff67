/** The longest review, in characters. */
export const REVIEW_MAX = 2000
/** A review's rating: whole paws from PAWS_MIN to PAWS_MAX. */
export const PAWS_MIN = 1
export const PAWS_MAX = 5

/** A review of the hotel, rated in paws (1–5); its times are ISO 8601 UTC text. */
export type Review = {
  id: number
  review: string
  paws: number
  /** null once its author has deleted their account. */
  client_id: number | null
  /** The author's username, or FORMER_GUEST. */
  client_username: string
  created_at: string
  updated_at: string
}

/** Who signs the reviews of a deleted account. */
export const FORMER_GUEST = 'a former guest'
