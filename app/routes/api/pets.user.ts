import { apiError } from '~/utils/api.server'

export function loader() {
  return apiError(501, 'Not implemented yet')
}

export const action = loader
