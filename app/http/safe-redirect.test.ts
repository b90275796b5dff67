import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/pets?page=2')).toBe('/pets?page=2')
    expect(safeRedirect('/')).toBe('/')
  })
  it('refuses other origins and odd input', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'pets',
      '',
      null,
      undefined,
      '/\u0000x',
    ])
      expect(safeRedirect(bad as string)).toBe('/')
  })
  it('never returns to the auth routes', () => {
    expect(safeRedirect('/login?redirectTo=/pets')).toBe('/')
    expect(safeRedirect('/logout')).toBe('/')
    expect(safeRedirect('/signup', '/pets')).toBe('/pets')
  })
})
