/** "playful" → "Playful": stored enum values (type, gender, behavior) shown as words. */
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
