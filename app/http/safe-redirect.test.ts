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
      // What dot-segments collapse into another origin ("//evil.example").
      '/.//evil.example/phish',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/a/..//evil.example',
      '/./\\evil.example',
      '/a/../\\evil.example',
    ])
      expect(safeRedirect(bad as string)).toBe('/')
  })
  it('percent-encodes what a Location header cannot carry', () => {
    expect(safeRedirect('/Ā')).toBe('/%C4%80')
    expect(safeRedirect('/pets?name=Mochi 💥')).toBe('/pets?name=Mochi%20%F0%9F%92%A5')
    expect(safeRedirect('/x\u2028y')).toBe('/x%E2%80%A8y')
    expect(safeRedirect('/x\ud800')).toBe('/x%EF%BF%BD')
    expect(safeRedirect('/\u007f')).toBe('/')
    for (const path of ['/Ā', '/pets?name=💥', '/x\u2028', '/x\ud800'])
      expect(() => new Headers({ Location: safeRedirect(path) }), path).not.toThrow()
  })
  it('never returns to the auth routes', () => {
    expect(safeRedirect('/login?redirectTo=/pets')).toBe('/')
    expect(safeRedirect('/logout')).toBe('/')
    expect(safeRedirect('/signup', '/pets')).toBe('/pets')
    expect(safeRedirect('/pets/../login')).toBe('/')
    expect(safeRedirect('/login.data')).toBe('/')
    expect(safeRedirect('/loginx')).toBe('/loginx')
  })
})
