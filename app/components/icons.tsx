/**
 * Small inline SVG icons (no icon font, no network). Each is decorative
 * (aria-hidden) — put the meaning in nearby text or an aria-label.
 *
 *   import { PawIcon, CloseIcon } from '~/components/icons'
 *   <button className="btn"><PlusIcon /> Add Pet</button>
 *
 * Size them with CSS (width/height); they draw in currentColor.
 *
 * An icon's shapes are markup written into its <svg> as they are
 * (`dangerouslySetInnerHTML`), not an element each: React's server does
 * fixed work for every element it renders, and the shapes of the icons in a
 * page's header, menus and footer were a fifth of a small page's elements.
 * The strings are this file's constants, never data, and read as React
 * wrote the same shapes (`<path …></path>`), so the HTML is the same. In
 * the browser React leaves the markup of a hydrated icon as it is and sets
 * it on an icon it creates (the HTML parser reads markup set inside an
 * <svg> as SVG).
 */
import type { SVGProps } from 'react'

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>

/** How an icon draws: outlined in round 2-pixel strokes, or filled. */
const OUTLINE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const
const FILLED = { fill: 'currentColor' } as const

/** An icon of these shapes, drawn on a 24 × 24 grid. */
function icon(look: typeof OUTLINE | typeof FILLED, shapes: string) {
  const inner = { __html: shapes }
  return function Icon(props: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        {...look}
        aria-hidden="true"
        focusable="false"
        {...props}
        dangerouslySetInnerHTML={inner}
      />
    )
  }
}
const strokeIcon = (shapes: string) => icon(OUTLINE, shapes)
const filledIcon = (shapes: string) => icon(FILLED, shapes)

const PAW_SHAPES = [
  '<ellipse cx="5.2" cy="10.2" rx="2.2" ry="2.8" transform="rotate(-18 5.2 10.2)"></ellipse>',
  '<ellipse cx="9.3" cy="5.6" rx="2.3" ry="3" transform="rotate(-6 9.3 5.6)"></ellipse>',
  '<ellipse cx="14.7" cy="5.6" rx="2.3" ry="3" transform="rotate(6 14.7 5.6)"></ellipse>',
  '<ellipse cx="18.8" cy="10.2" rx="2.2" ry="2.8" transform="rotate(18 18.8 10.2)"></ellipse>',
  '<path d="M12 10.6c-2.6 0-4.9 2.9-5.9 5.4-.9 2.2.4 4.4 2.7 4.4 1.2 0 2.1-.6 3.2-.6s2 .6 3.2.6c2.3 0 3.6-2.2 2.7-4.4-1-2.5-3.3-5.4-5.9-5.4z"></path>',
].join('')

/** A filled paw print. */
export const PawIcon = filledIcon(PAW_SHAPES)

const PAW_SYMBOL_ID = 'paw-glyph'
const PAW_SYMBOL = {
  __html: `<symbol id="${PAW_SYMBOL_ID}" viewBox="0 0 24 24">${PAW_SHAPES}</symbol>`,
}

/**
 * The paw print once per page (in the root layout), for the ratings: a page of
 * 50 reviews draws 250 paws, and each <PawGlyph> refers to this one instead
 * of repeating its shapes (about 120 bytes a paw instead of 600).
 */
export function PawSymbol() {
  return (
    <svg
      width="0"
      height="0"
      style={{ position: 'absolute' }}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={PAW_SYMBOL}
    />
  )
}

/** A paw print drawn from <PawSymbol> (which every page has). */
export const PawGlyph = filledIcon(`<use href="#${PAW_SYMBOL_ID}"></use>`)

export const CloseIcon = strokeIcon('<path d="M6 6l12 12M18 6L6 18"></path>')

export const ArrowLeftIcon = strokeIcon('<path d="M19 12H5M11 6l-6 6 6 6"></path>')

export const ChevronDownIcon = strokeIcon('<path d="M6 9l6 6 6-6"></path>')

export const PlusIcon = strokeIcon('<path d="M12 5v14M5 12h14"></path>')

export const TrashIcon = strokeIcon(
  '<path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"></path>',
)

export const EditIcon = strokeIcon('<path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4"></path>')

export const CalendarIcon = strokeIcon(
  '<rect x="3" y="5" width="18" height="16" rx="2"></rect><path d="M3 10h18M8 3v4M16 3v4"></path>',
)

export const UserIcon = strokeIcon(
  '<circle cx="12" cy="8" r="4"></circle><path d="M4 21c0-4 3.6-7 8-7s8 3 8 7"></path>',
)

export const LogOutIcon = strokeIcon(
  '<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11"></path>',
)

export const LogInIcon = strokeIcon(
  '<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4"></path>',
)

export const SparkIcon = strokeIcon(
  '<path d="M12 3l2.2 5.6L20 9.5l-4.5 3.8L17 19l-5-3.2L7 19l1.5-5.7L4 9.5l5.8-.9z"></path>',
)

export const BowlIcon = strokeIcon(
  '<path d="M3 11h18a9 9 0 0 1-18 0zM8 20h8M9 7c0-1.5 1-2 1-3M13 7c0-1.5 1-2 1-3"></path>',
)

export const HomeHeartIcon = strokeIcon(
  '<path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z"></path><path d="M12 17.5s-3-1.8-3-3.8a1.7 1.7 0 0 1 3-1.1 1.7 1.7 0 0 1 3 1.1c0 2-3 3.8-3 3.8z"></path>',
)

export const SettingsIcon = strokeIcon(
  '<circle cx="12" cy="12" r="3"></circle><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"></path>',
)

export const MenuIcon = strokeIcon('<path d="M4 7h16M4 12h16M4 17h16"></path>')

export const CheckIcon = strokeIcon('<path d="M5 12.5l4.5 4.5L19 7.5"></path>')

export const StarIcon = filledIcon(
  '<path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z"></path>',
)

export const InstagramIcon = strokeIcon(
  '<rect x="3" y="3" width="18" height="18" rx="5"></rect><circle cx="12" cy="12" r="4"></circle><circle cx="17.5" cy="6.5" r="0.8" fill="currentColor"></circle>',
)

export const FacebookIcon = strokeIcon(
  '<path d="M15 3h-2.5A4.5 4.5 0 0 0 8 7.5V10H5.5v4H8v7h4v-7h3l.5-4H12V8a1 1 0 0 1 1-1h2z"></path>',
)

export const TikTokIcon = strokeIcon(
  '<path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.3 4.3 5 4.5"></path>',
)

export const YouTubeIcon = strokeIcon(
  '<rect x="2.5" y="5.5" width="19" height="13" rx="4"></rect><path d="M10 9.5v5l4.5-2.5z" fill="currentColor"></path>',
)
