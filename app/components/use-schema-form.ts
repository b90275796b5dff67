/**
 * Conform's useForm wired to one of the shared zod schemas (app/schemas/), with
 * the app's one validation rhythm: nothing is checked until the form is
 * submitted (a message appearing when a field loses focus would move the
 * controls under the finger between a press and its release — a tap on "Dog"
 * right after opening Add Pet would miss), then every field is checked again
 * on every keystroke (so a message goes away as soon as it is fixed). The
 * server parses the same schema, so page and API give the same words.
 *
 * The schemas and zod are not part of the page: they load the first time the
 * form is touched (a field focused, a press, a keystroke), so a page that only
 * shows a form costs no validation code until someone uses it. Until then
 * nothing is checked in the browser and a submit goes to the server, which
 * checks the same rules; a field typed in meanwhile that shows a message is
 * checked again as soon as the rules arrive.
 *
 *   // Module level, so every form of the page shares one download:
 *   const loadReviewSchemas = () => import('~/schemas/review')
 *
 *   const [form, fields] = useSchemaForm<ReviewFormValue, ReviewInput>(
 *     lazySchema(loadReviewSchemas, (schemas) => schemas.reviewSchema),
 *     { id: 'review-form', lastResult: actionData, defaultValue: { review: '', paws: '' } },
 *   )
 */
import {
  useForm,
  type DefaultValue,
  type Submission,
  type SubmissionResult,
} from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import type { $ZodType } from 'zod/v4/core'
import { fieldsReadOnce, formReadOnce } from './field-props'
import type { validateForm } from './form-validation'

/** A form's schema, to be picked out of a module that is fetched when needed. */
export type LazySchema = {
  load: () => Promise<unknown>
  pick: (schemas: unknown) => $ZodType
}

/**
 * `load` imports a schema module (a module-level function: it keys the download);
 * `pick` builds the form's schema from it.
 */
export function lazySchema<Schemas>(
  load: () => Promise<Schemas>,
  pick: (schemas: Schemas) => $ZodType,
): LazySchema {
  return { load, pick: pick as LazySchema['pick'] }
}

type Loaded = { validate: typeof validateForm; schemas: unknown }

// One download per schema module for the whole page, kept once it arrived.
const loads = new WeakMap<() => Promise<unknown>, Promise<Loaded>>()
const loaded = new WeakMap<() => Promise<unknown>, Loaded>()

function loadValidation(loadSchemas: () => Promise<unknown>) {
  let load = loads.get(loadSchemas)
  if (!load) {
    load = Promise.all([import('./form-validation'), loadSchemas()]).then(
      ([{ validateForm }, schemas]) => {
        const entry = { validate: validateForm, schemas }
        loaded.set(loadSchemas, entry)
        return entry
      },
    )
    // A failed download (offline for a moment) is tried again at the next touch.
    load.catch(() => loads.delete(loadSchemas))
    loads.set(loadSchemas, load)
  }
  return load
}

const FIELD_EVENTS = ['focusin', 'pointerdown', 'input', 'focusout'] as const

export function useSchemaForm<
  // The form's field values as strings (Conform's view); the parsed output.
  Shape extends Record<string, unknown> = Record<string, unknown>,
  Output = Shape,
>(
  schema: LazySchema,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: DefaultValue<Shape>
  },
) {
  const [validation, setValidation] = useState(() => loaded.get(schema.load) ?? null)
  const [form, fields] = useForm<Shape, Output>({
    ...options,
    shouldValidate: 'onSubmit',
    shouldRevalidate: validation ? 'onInput' : 'onSubmit',
    onValidate: validation
      ? ({ formData }) =>
          validation.validate(formData, schema.pick(validation.schemas)) as unknown as Submission<
            Shape,
            string[],
            Output
          >
      : undefined,
  })

  // Fields with a message typed in before the rules arrived: checked again when they do.
  const missed = useRef(new Set<string>())
  const latest = useRef({ form, load: schema.load })
  useEffect(() => {
    latest.current = { form, load: schema.load }
  })

  useEffect(() => {
    if (validation) return
    const element = document.getElementById(options.id)
    if (!element) return
    let active = true
    const onEvent = (event: Event) => {
      const name = (event.target as { name?: unknown } | null)?.name
      if (typeof name === 'string' && name) {
        const showsError = !!latest.current.form.allErrors[name]?.length
        if (event.type === 'input' && showsError) missed.current.add(name)
      }
      if (event.type === 'focusout') return
      loadValidation(latest.current.load).then(
        (entry) => active && setValidation(entry),
        () => {}, // the server still checks every submit
      )
    }
    for (const type of FIELD_EVENTS) element.addEventListener(type, onEvent)
    return () => {
      active = false
      for (const type of FIELD_EVENTS) element.removeEventListener(type, onEvent)
    }
  }, [validation, options.id])

  // Conform has the rules by now (it takes new options before effects run).
  useEffect(() => {
    if (!validation) return
    for (const name of missed.current) form.validate({ name })
    missed.current.clear()
  }, [validation, form])

  // The server renders once: its form and fields need no subscriptions, and
  // their properties cannot change during the render (field-props.ts).
  if (import.meta.env.SSR) {
    const once = formReadOnce(form)
    return [once, fieldsReadOnce(once, fields)] as const
  }
  return [form, fields] as const
}
