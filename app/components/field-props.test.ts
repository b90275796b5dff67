import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from '@conform-to/react'
import fc from 'fast-check'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  ASKED_OF_CONFORM,
  choiceProps,
  fieldsReadOnce,
  formReadOnce,
  inputProps,
  selectProps,
  textareaProps,
  viewOf,
} from './field-props'

// The controls' props come from field-props.ts instead of Conform's helpers
// (which read each field's properties over and over): for every kind of
// control and every state of its field — no value, a value, a list of
// values, errors or none, a hint or none — they must be the very props
// Conform gives, in the same order (React writes attributes in that order).

type State = {
  value: string | string[] | undefined
  errors: string[] | undefined
  hint: boolean
}

const stateArb: fc.Arbitrary<State> = fc.record({
  value: fc.option(fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 4 })), {
    nil: undefined,
  }),
  errors: fc.option(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 3 }), {
    nil: undefined,
  }),
  hint: fc.boolean(),
})

type Pair = { conform: unknown; ours: unknown }

/** Renders a form whose field `f` (or `name`) is in `state` and hands the field to `compare` during render. */
function withField(
  state: State,
  compare: (meta: FieldMetadata<unknown>) => Pair,
  { formId = 'probe', name = 'f' }: { formId?: string; name?: string } = {},
): Pair {
  let pair: Pair | undefined
  function Probe() {
    const [, fields] = useForm<Record<string, unknown>>({
      id: formId,
      lastResult: {
        status: state.errors ? 'error' : undefined,
        initialValue: state.value === undefined ? {} : { [name]: state.value },
        error: state.errors ? { [name]: state.errors } : {},
      },
    })
    pair = compare(fields[name] as FieldMetadata<unknown>)
    return null
  }
  renderToString(createElement(Probe))
  return pair!
}

/** Entries, so that the order of the props counts too. */
const entries = (props: unknown): unknown =>
  Array.isArray(props)
    ? props.map(entries)
    : Object.entries(props as object).filter(([, v]) => v !== undefined)

function expectSame({ conform, ours }: Pair) {
  expect(entries(ours)).toEqual(entries(conform))
}

describe('form controls’ props (field-props.ts) are Conform’s own', () => {
  it('a field’s view holds what Conform’s field says, for any form id and field name', () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.string({ minLength: 1 }),
        // A field's name, nested ones included (Conform refuses what is not a path).
        fc.stringMatching(/^[a-z_]\w{0,8}(\.[a-z_]\w{0,8}|\[\d\]){0,2}$/),
        (state, formId, name) => {
          const { conform, ours } = withField(
            state,
            (meta) => ({
              conform: {
                id: meta.id,
                name: meta.name,
                formId: meta.formId,
                errorId: meta.errorId,
                descriptionId: meta.descriptionId,
                errors: meta.errors,
                initialValue: meta.initialValue,
              },
              ours: viewOf(meta),
            }),
            { formId, name },
          )
          expect(ours).toEqual(conform)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('the server’s fields, read once, say what Conform’s say, for any form, names and state', () => {
    // The view's seven, then every other property (the list the compiler holds
    // complete against Conform's type) but the two that answer a fresh function.
    const READ = [
      'id',
      'name',
      'formId',
      'errorId',
      'descriptionId',
      'errors',
      'initialValue',
      ...ASKED_OF_CONFORM.filter((k) => k !== 'getFieldList' && k !== 'getFieldset'),
    ]
    const nameArb = fc.oneof(
      fc.stringMatching(/^[a-z_$][\w$]{0,6}$/),
      fc.stringMatching(/^[a-z_]\w{0,4}(\.[a-z_]\w{0,4}|\[\d\]){1,2}$/),
      fc.constantFrom('constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'),
    )
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.dictionary(nameArb, stateArb, { maxKeys: 4 }),
        fc.array(nameArb, { maxLength: 3 }),
        fc.boolean(),
        (formId, states, absent, submitted) => {
          const value = Object.fromEntries(
            Object.entries(states).flatMap(([n, st]) =>
              st.value === undefined ? [] : [[n, st.value]],
            ),
          )
          const error = Object.fromEntries(
            Object.entries(states).flatMap(([n, st]) => (st.errors ? [[n, st.errors]] : [])),
          )
          const names = [...Object.keys(states), ...absent]
          let pairs: Pair[] = []
          function Probe() {
            const [form, fields] = useForm<Record<string, unknown>>(
              submitted
                ? { id: formId, lastResult: { status: 'error', initialValue: value, error } }
                : { id: formId, defaultValue: value as Record<string, string> },
            )
            const ours = fieldsReadOnce(form, fields)
            // Conform refuses some names (a path segment it cannot parse) by throwing: so must we.
            const read = (field: unknown) =>
              Object.fromEntries(
                READ.map((k) => {
                  try {
                    return [k, (field as Record<string, unknown>)[k]]
                  } catch (error) {
                    return [k, { threw: (error as Error).message }]
                  }
                }),
              )
            pairs = names.map((n) => ({
              conform: read(fields[n]),
              ours: read((ours as Record<string, unknown>)[n]),
            }))
            return null
          }
          renderToString(createElement(Probe))
          expect(pairs.length).toBe(names.length)
          for (const { conform, ours } of pairs) expect(ours).toEqual(conform)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('the server’s form, each property read once, says what Conform’s form says, for any form and state', () => {
    // Every property of Conform's form metadata but `context` (a fresh object
    // each read) and `getFieldset` (a fresh function).
    const READ = [
      'id',
      'name',
      'errorId',
      'descriptionId',
      'initialValue',
      'value',
      'errors',
      'allErrors',
      'valid',
      'dirty',
      'key',
      'status',
      'noValidate',
      'onSubmit',
      'validate',
      'update',
      'reset',
      'insert',
      'remove',
      'reorder',
      'defaultValue',
    ]
    const nameArb = fc.stringMatching(/^[a-z_$][\w$]{0,6}$/)
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.dictionary(nameArb, stateArb, { maxKeys: 4 }),
        fc.option(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 2 }), {
          nil: undefined,
        }),
        fc.boolean(),
        (formId, states, formErrors, submitted) => {
          const value = Object.fromEntries(
            Object.entries(states).flatMap(([n, st]) =>
              st.value === undefined ? [] : [[n, st.value]],
            ),
          )
          const error = {
            ...Object.fromEntries(
              Object.entries(states).flatMap(([n, st]) => (st.errors ? [[n, st.errors]] : [])),
            ),
            ...(formErrors ? { '': formErrors } : {}),
          }
          let compared = 0
          function Probe() {
            const [form, fields] = useForm<Record<string, unknown>>(
              submitted
                ? { id: formId, lastResult: { status: 'error', initialValue: value, error } }
                : { id: formId, defaultValue: value as Record<string, string> },
            )
            const ours = formReadOnce(form)
            const read = (f: object) =>
              Object.fromEntries(READ.map((k) => [k, (f as Record<string, unknown>)[k]]))
            const conform = read(form)
            // Read twice: the second answers from what the first read.
            expect(read(ours)).toEqual(conform)
            expect(read(ours)).toEqual(conform)
            expect(getFormProps(ours)).toEqual(getFormProps(form))
            const names = Object.keys(states)
            const viewOfEach = (f: Record<string, unknown>) =>
              names.map((n) => viewOf(f[n] as FieldMetadata<unknown>))
            expect(viewOfEach(fieldsReadOnce(ours, fields))).toEqual(
              viewOfEach(fieldsReadOnce(form, fields)),
            )
            compared++
            return null
          }
          renderToString(createElement(Probe))
          expect(compared).toBe(1)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('the server asks Conform for a field only when a render reads past its view, once', () => {
    const asked: string[] = []
    let read: Record<string, unknown>[] = []
    function Probe() {
      const [form, fields] = useForm<Record<string, string>>({
        id: 'f',
        defaultValue: { fname: 'Ada' },
      })
      // Conform's fields, counting what is asked of them.
      const counted = new Proxy(fields, {
        get(target, key, receiver) {
          if (typeof key === 'string') asked.push(key)
          return Reflect.get(target, key, receiver)
        },
      })
      const ours = fieldsReadOnce(form, counted) as Record<string, Record<string, unknown>>
      const fname = ours.fname
      read = [viewOf(fname as never)]
      expect(asked).toEqual([])
      expect(ours.fname).toBe(fname)
      read.push({ key: fname.key, value: fname.value, valid: fname.valid })
      expect(asked).toEqual(['fname'])
      return null
    }
    renderToString(createElement(Probe))
    expect(read).toEqual([
      {
        id: 'f-fname',
        name: 'fname',
        formId: 'f',
        errorId: 'f-fname-error',
        descriptionId: 'f-fname-description',
        errors: undefined,
        initialValue: 'Ada',
      },
      { key: undefined, value: 'Ada', valid: true },
    ])
  })

  it('an <input> of every type, a checkbox and a radio with or without a value', () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.constantFrom('text', 'email', 'date', 'number', 'checkbox', 'radio'),
        fc.option(fc.string(), { nil: undefined }),
        (state, type, value) =>
          expectSame(
            withField(state, (meta) => {
              const ariaDescribedBy = state.hint ? meta.descriptionId : undefined
              return {
                // Conform types `value` by `type` (a string for a checkbox); the test passes both.
                conform: getInputProps(meta, {
                  type,
                  ariaDescribedBy,
                  value,
                } as Parameters<typeof getInputProps>[1]),
                ours: inputProps(viewOf(meta), { type, ariaDescribedBy, value }),
              }
            }),
          ),
      ),
      { numRuns: 300 },
    )
  })

  it('a <select> and a <textarea>', () => {
    fc.assert(
      fc.property(stateArb, (state) =>
        expectSame(
          withField(state, (meta) => {
            const ariaDescribedBy = state.hint ? meta.descriptionId : undefined
            expectSame({
              conform: getSelectProps(meta, { ariaDescribedBy }),
              ours: selectProps(viewOf(meta), { ariaDescribedBy }),
            })
            return {
              conform: getTextareaProps(meta, { ariaDescribedBy }),
              ours: textareaProps(viewOf(meta), { ariaDescribedBy }),
            }
          }),
        ),
      ),
      { numRuns: 200 },
    )
  })

  it('a group of checkboxes or radio buttons', () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.constantFrom('checkbox' as const, 'radio' as const),
        fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 5 }),
        (state, type, options) =>
          expectSame(
            withField(state, (meta) => ({
              conform: getCollectionProps(meta, { type, options, ariaAttributes: false }),
              ours: choiceProps({ ...viewOf(meta), key: meta.key }, { type, options }),
            })),
          ),
      ),
      { numRuns: 200 },
    )
  })

  it('a field with errors is invalid and described by them, before its hint', () => {
    const { ours } = withField({ value: 'x', errors: ['Too short'], hint: true }, (meta) => ({
      conform: null,
      ours: inputProps(viewOf(meta), { type: 'text', ariaDescribedBy: meta.descriptionId }),
    }))
    expect(ours).toEqual({
      id: 'probe-f',
      name: 'f',
      form: 'probe',
      'aria-invalid': true,
      'aria-describedby': 'probe-f-error probe-f-description',
      type: 'text',
      defaultValue: 'x',
    })
  })
})
