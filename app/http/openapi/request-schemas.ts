import { apiTokenSchema } from '~/schemas/api-token'
import { changePasswordSchema, profileSchema } from '~/schemas/account'
import { loginSchema, signupSchema } from '~/schemas/auth'
import { bookingApiSchema } from '~/schemas/booking'
import { forgotPasswordSchema, resetPasswordSchema } from '~/schemas/password-reset'
import { petFormSchema } from '~/schemas/pet'
import { priceAdjustmentSchema } from '~/schemas/price-adjustment'
import { reviewSchema } from '~/schemas/review'
import { serviceSchema } from '~/schemas/service'
import { settingsPatchSchema } from '~/schemas/settings'
import {
  activeSchema,
  clientAccountSchema,
  invitationSchema,
  positionSchema,
} from '~/schemas/staff'
import { stayUpdateSchema } from '~/schemas/stay-update'
import { vaccinationSchema } from '~/schemas/vaccination'

// The request bodies of the API, as the document shows them: the very
// schemas the calls validate with. Those that depend on the day (a booking
// may not start in the past) are shown as of a fixed day — the rules about
// dates are in words, in the schemas' messages, not in JSON Schema — so the
// document is the same whenever it is made.
const A_DAY = '2026-01-01'

export function requestSchemas() {
  return {
    login: loginSchema,
    signup: signupSchema,
    forgotPassword: forgotPasswordSchema,
    resetPassword: resetPasswordSchema,
    profile: profileSchema,
    changePassword: changePasswordSchema,
    apiToken: apiTokenSchema,
    clientAccount: clientAccountSchema,
    invitation: invitationSchema,
    position: positionSchema,
    active: activeSchema,
    petAdd: petFormSchema({ mode: 'add', today: A_DAY }),
    petEdit: petFormSchema({ mode: 'edit', today: A_DAY }),
    vaccination: vaccinationSchema(A_DAY),
    vaccinationUpdate: vaccinationSchema(A_DAY),
    booking: bookingApiSchema({ now: `${A_DAY} 00:00:00` }),
    priceAdjustment: priceAdjustmentSchema,
    stayUpdate: stayUpdateSchema,
    service: serviceSchema,
    review: reviewSchema,
    settings: settingsPatchSchema,
  }
}
