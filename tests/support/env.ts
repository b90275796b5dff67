import { onTestFinished } from 'vitest'
import { resetEnvCache } from '../../app/infra/env.server'

// The values to put back when the running test ends, oldest first.
let saved: Record<string, string | undefined>[] = []

function apply(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  resetEnvCache()
}

/**
 * Sets environment variables for the running test only (undefined unsets
 * one) and re-reads the environment; everything is put back when the test
 * ends, however many times it was called.
 */
export function setTestEnv(vars: Record<string, string | undefined>) {
  if (saved.length === 0)
    onTestFinished(() => {
      for (const values of saved.reverse()) apply(values)
      saved = []
    })
  saved.push(Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]])))
  apply(vars)
}
