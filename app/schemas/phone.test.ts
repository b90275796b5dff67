import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalisePhone } from './auth'

// Phone numbers are accepted as people write them and kept as 10 digits.

const tenDigits = fc.stringMatching(/^[0-9]{10}$/)

describe('normalisePhone', () => {
  it('reads the usual ways of writing a number as its 10 digits', () => {
    fc.assert(
      fc.property(tenDigits, (d) => {
        const [a, b, c] = [d.slice(0, 3), d.slice(3, 6), d.slice(6)]
        for (const written of [
          d,
          `(${a}) ${b}-${c}`,
          `${a}-${b}-${c}`,
          `${a}.${b}.${c}`,
          `+1 ${a} ${b} ${c}`,
          ` 1-${a}-${b}-${c} `,
        ])
          expect(normalisePhone(written)).toBe(d)
      }),
    )
  })

  it('leaves anything else as it was typed, for the messages to refuse', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = normalisePhone(text)
        expect(out === text || (typeof out === 'string' && /^[0-9]*$/.test(out))).toBe(true)
      }),
    )
    for (const odd of [
      '555-abc-1234',
      '',
      '   ',
      '\u0665\u0665\u0665',
      '555\u00001234567',
      5551234567,
      null,
    ])
      expect(normalisePhone(odd)).toBe(odd)
  })
})
