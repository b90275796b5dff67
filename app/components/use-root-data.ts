import { useRouteLoaderData } from 'react-router'
import type { User } from '~/domain/user'

/** What the root loader gives every page: who is logged in, whether the demo logins exist. */
export type RootData = { user: User | null; demoMode: boolean; cspNonce?: string }

/** The root loader's data (undefined while the root itself is failing). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined
}
