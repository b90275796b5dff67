import type { FieldMetadata } from '@conform-to/react'
import { InputField } from './form-field'

/**
 * How the hotel reaches a person — phone, address, city, state, zip — as
 * signup and an invitation ask for them (the signup rules).
 */
export function ContactFields<Schema>({
  fields,
}: {
  /** A form's fields; those named phone_num, address, city, state and zip are drawn. */
  fields: Record<string, FieldMetadata<Schema>>
}) {
  return (
    <>
      <InputField
        meta={fields.phone_num}
        label="Phone number"
        type="tel"
        autoComplete="tel-national"
        hint="10 digits, e.g. (555) 123-4567"
      />
      <InputField
        meta={fields.address}
        label="Address"
        autoComplete="street-address"
        hint="e.g. 12 Main Street"
      />
      <InputField meta={fields.city} label="City" autoComplete="address-level2" />
      <InputField meta={fields.state} label="State" autoComplete="address-level1" />
      <InputField
        meta={fields.zip}
        label="Zip code"
        inputMode="numeric"
        autoComplete="postal-code"
        hint="5 digits"
      />
    </>
  )
}
