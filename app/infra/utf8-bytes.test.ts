import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { utf8Bytes } from './utf8-bytes.server'

// utf8Bytes must write exactly what Buffer.from writes, for any text: short
// and long, ASCII and not, lone surrogates (written as U+FFFD), texts that
// fill the room it makes exactly, and texts that overflow it.
describe('utf8Bytes', () => {
  const same = (text: string) => {
    expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true)
  }

  it('writes the bytes Buffer.from writes, for any text', () => {
    const pieces = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('—', '’', '·', '🐾', '\uD800', '\uDC00', 'é', '猫'),
      fc.string({ unit: fc.constantFrom('a', '<', '"'), minLength: 500, maxLength: 5000 }),
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => same(parts.join(''))),
      { numRuns: 400 },
    )
  })

  it('is exact at the edges of its room, and falls back when a text overflows it', () => {
    for (const length of [4095, 4096, 4097, 10_000]) {
      const room = length + (length >> 4) + 16
      same('a'.repeat(length))
      // Three bytes a character: a text of them overflows any room of a sixteenth more.
      same('猫'.repeat(length))
      // ASCII with as many three-byte characters as fill the room to its last 0–5 bytes.
      for (let spare = 0; spare <= 5; spare++) {
        const wide = Math.floor((room - spare - length) / 2)
        if (wide < 0 || wide > length) continue
        same('猫'.repeat(wide) + 'a'.repeat(length - wide))
      }
      same('🐾'.repeat(length / 2 + 1))
      same('a'.repeat(length - 1) + '\uD83D')
    }
  })

  it('holds on to no more than a sixteenth of the text beyond its bytes', () => {
    // A page's text: mostly ASCII markup, a dash and a middle dot here and there.
    const row = '<tr><td class="name">Biscuit</td><td data-label="Status">Booked</td></tr>'
    const page = `<p>Open every day · Drop-off 6 am – 6 pm</p>${row.repeat(20)}`.repeat(50)
    const bytes = utf8Bytes(page)
    expect(bytes.equals(Buffer.from(page))).toBe(true)
    expect(bytes.buffer.byteLength - bytes.length).toBeLessThanOrEqual((page.length >> 4) + 16)
  })
})
