/** "playful" → "Playful": stored enum values (type, gender, behavior) shown as words. */
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "2125550100" → "(212) 555-0100": a stored 10-digit phone as people read it (anything else as it is). */
export const formatPhone = (digits: string) =>
  /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits

/** "Dr. Ada Vet · (555) 123-4567", either part alone, or "Not given". */
export function contactText(name: string, phone: string): string {
  return [name, phone ? formatPhone(phone) : ''].filter(Boolean).join(' · ') || 'Not given'
}
