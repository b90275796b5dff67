/**
 * A part of a page that only some people see (a manager's service forms, a
 * client's review form): the server renders it in the page as usual, and the
 * browser fetches its code only on a page that shows it, so everyone else's
 * first load does without it. Where it is shown, React hydrates it as soon as
 * its code arrives; until then the server's HTML stands and works as it does
 * without JavaScript.
 *
 *   import { ServiceForm as ServiceFormNow } from '~/components/service-form'
 *   const ServiceForm = lazyInBrowser(
 *     import.meta.env.SSR ? ServiceFormNow : null, // leaves the browser's bundle
 *     () => import('~/components/service-form').then((m) => m.ServiceForm),
 *   )
 *
 * Both sides render the same <Suspense> boundary, which is what lets the
 * browser hydrate the server's HTML later.
 */
import { lazy, Suspense, type ComponentType } from 'react'

export function lazyInBrowser<Props extends object>(
  onServer: ComponentType<Props> | null,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Part = onServer ?? lazy(() => load().then((component) => ({ default: component })))
  function LazyInBrowser(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
  return LazyInBrowser
}
