import { apiError } from '~/http/api.server'

// Any /api path that the contract does not list.
export function loader() {
  return apiError(404, 'Not found')
}

export const action = loader
