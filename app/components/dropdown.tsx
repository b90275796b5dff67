/**
 * A menu built on <details>/<summary>: it opens and closes without
 * JavaScript. With JavaScript it also closes on Esc (focus back on the
 * button), on a click outside, and after a navigation.
 *
 *   <Dropdown label="Demo" summaryClassName="btn btn-secondary">
 *     <ul>
 *       <li><Link className="dropdown-item" to="/pets">Manage Pets</Link></li>
 *     </ul>
 *   </Dropdown>
 *
 * `align="left"` opens the menu from the left edge (default right).
 * `menuLabel` names the menu region for screen readers (defaults to none).
 */
import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ChevronDownIcon } from './icons'

export function Dropdown({
  label,
  children,
  summaryClassName = 'btn btn-ghost',
  className,
  align = 'right',
  caret = true,
  summaryAriaLabel,
  testId,
}: {
  label: ReactNode
  children: ReactNode
  summaryClassName?: string
  className?: string
  align?: 'left' | 'right'
  caret?: boolean
  summaryAriaLabel?: string
  testId?: string
}) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  // A link inside the menu navigates within the app; the menu must not stay
  // open. Only a navigation closes it: a menu someone opened before the
  // page's scripts arrived (a slow phone) stays open when they do.
  const shownAt = useRef(location.key)
  useEffect(() => {
    if (shownAt.current === location.key) return
    shownAt.current = location.key
    if (ref.current) ref.current.open = false
  }, [location.key])

  useEffect(() => {
    const details = ref.current
    if (!details) return
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        details.open = false
        details.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    details.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      details.removeEventListener('keydown', onKeyDown)
    }
  }, [])

  return (
    <details
      ref={ref}
      className={['dropdown', className].filter(Boolean).join(' ')}
      data-testid={testId}
    >
      <summary className={summaryClassName} aria-label={summaryAriaLabel}>
        {label}
        {caret ? <ChevronDownIcon className="dropdown-caret" /> : null}
      </summary>
      <div className={align === 'left' ? 'dropdown-menu dropdown-menu-left' : 'dropdown-menu'}>
        {children}
      </div>
    </details>
  )
}

/** Closes the <details> menu that contains `element` (used before opening a dialog from a menu). */
export function closeContainingDropdown(element: Element | null) {
  const details = element?.closest('details')
  if (details) details.open = false
  return details?.querySelector('summary') ?? null
}
