import { HOTEL_NAME } from '~/domain/hotel'
import { formatWallDateLong, formatWallTime } from '~/domain/hotel-time'
import { tickedLabels, type StayUpdate } from '~/domain/stay-update'
import { composeMail, type MailMessage } from './compose'

// The owner's daily summary of the updates staff posted on their pet's stay:
// one mail for the day, oldest first as the day went, each with its time,
// its ticks and its note; photos are seen on the pet's page (behind the
// owner's login), never attached.

export function stayUpdatesDigestMail({
  to,
  fname,
  petName,
  petId,
  updates,
  origin,
}: {
  to: string
  fname: string
  petName: string
  petId: number
  /** Oldest first. */
  updates: StayUpdate[]
  origin: string
}): MailMessage {
  const days = new Set(updates.map((u) => u.created_at.slice(0, 10)))
  const when = (u: StayUpdate) =>
    days.size > 1
      ? `${formatWallDateLong(u.created_at)}, ${formatWallTime(u.created_at)}`
      : formatWallTime(u.created_at)
  const photos = updates.filter((u) => u.photo_url).length
  return composeMail({
    kind: 'stay-updates',
    to,
    subject: `${petName}'s day at ${HOTEL_NAME}: ${updates.length} ${updates.length === 1 ? 'update' : 'updates'}`,
    greeting: `Hello ${fname},`,
    paragraphs: [
      `Here is how ${petName} is doing.`,
      ...updates.map((u) => {
        const ticks = [...tickedLabels(u), ...(u.photo_url ? ['a photo'] : [])].join(' · ')
        const said = [ticks, u.note].filter(Boolean).join(' — ')
        return `${when(u)}: ${said}${u.author ? ` (${u.author})` : ''}`
      }),
      ...(photos
        ? [`${photos === 1 ? 'The photo is' : 'The photos are'} on ${petName}'s page.`]
        : []),
    ],
    action: { label: `See ${petName}'s updates`, url: `${origin}/pets/${petId}#stay-updates` },
  })
}
