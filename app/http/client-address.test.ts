import { describe, expect, it } from 'vitest'
import { addressKey } from './client-address.server'

describe('addressKey', () => {
  it('counts an IPv4 address as one client, however it is written', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })
  it('counts a whole IPv6 /64 as one client', () => {
    const a = addressKey('2001:db8:1:2:aaaa::1')
    expect(a).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(a)
    expect(addressKey('2001:0db8:0001:0002::9')).toBe(a)
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a)
  })
  it('keeps what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown')
  })
})
