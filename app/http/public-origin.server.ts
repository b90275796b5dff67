import { getEnv } from '~/infra/env.server'

/**
 * The origin links in mail point to: PUBLIC_ORIGIN when set (the address
 * people know the hotel by, behind a proxy), else the one this request came to.
 */
export function publicOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_ORIGIN
  return new URL(configured ?? request.url).origin
}
