/**
 * Paw ratings: a review gives the hotel 1 to 5 paws.
 *
 * Display — five paw icons with a text equivalent for screen readers:
 *   <Paws value={review.paws} />            // reads "4 out of 5 paws"
 *   <Paws value={5} size="lg" />
 *
 * Input — five native radios named `paws` (value 1–5) drawn as paws; works
 * without JavaScript, arrow keys move between paws, Conform-ready:
 *   <PawsInput meta={fields.paws} />                       // legend "Paws rating"
 *   <PawsInput meta={fields.paws} legend="Your rating" />
 *   <PawsInput name="paws" defaultValue={3} errors={[...]} /> // without Conform
 */
import type { FieldMetadata } from '@conform-to/react'
import { Fragment, useId } from 'react'
import { FieldErrors } from './form-field'
import { PawGlyph } from './icons'

export const MAX_PAWS = 5

export function pawsLabel(value: number) {
  return `${value} out of ${MAX_PAWS} paws`
}

export function Paws({
  value,
  size,
  className,
}: {
  value: number
  size?: 'lg'
  className?: string
}) {
  const rounded = Math.max(0, Math.min(MAX_PAWS, Math.round(value)))
  return (
    <span className={['paws', size === 'lg' ? 'paws-lg' : '', className].filter(Boolean).join(' ')}>
      {Array.from({ length: MAX_PAWS }, (_, i) => (
        <PawGlyph key={i} className={i < rounded ? 'paw-filled' : 'paw-empty'} />
      ))}
      <span className="visually-hidden">{pawsLabel(rounded)}</span>
    </span>
  )
}

type PawsInputProps<Schema> =
  | {
      meta: FieldMetadata<Schema>
      legend?: string
      name?: never
      defaultValue?: never
      errors?: never
      id?: never
    }
  | {
      meta?: never
      legend?: string
      name: string
      defaultValue?: number | string
      errors?: string[]
      id?: string
    }

export function PawsInput<Schema>(props: PawsInputProps<Schema>) {
  const fallbackId = useId()
  const { legend = 'Paws rating' } = props
  const meta = props.meta
  const name = meta ? meta.name : props.name
  const baseId = meta ? meta.id : (props.id ?? fallbackId)
  const errorId = meta ? meta.errorId : `${baseId}-error`
  const errors = meta ? meta.errors : props.errors
  const initial = meta ? meta.initialValue : props.defaultValue
  const checkedValue = initial === undefined || initial === null ? '' : String(initial)
  return (
    <fieldset
      className="field paws-input"
      id={baseId}
      aria-describedby={errors?.length ? errorId : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <div className="paws-input-options">
        {Array.from({ length: MAX_PAWS }, (_, i) => {
          const value = String(i + 1)
          const id = `${baseId}-${value}`
          return (
            <Fragment key={value}>
              <input
                type="radio"
                id={id}
                name={name}
                value={value}
                defaultChecked={checkedValue === value}
                form={meta?.formId}
                aria-invalid={errors?.length ? true : undefined}
              />
              <label htmlFor={id} title={pawsLabel(i + 1)}>
                <PawGlyph />
                <span className="visually-hidden">{pawsLabel(i + 1)}</span>
              </label>
            </Fragment>
          )
        })}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  )
}
