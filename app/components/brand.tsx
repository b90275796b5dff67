/**
 * The hotel's name and its logo link home (the navbar's "home image").
 *
 *   <Brand />                 // logo + name, links to /
 */
import { Link } from './link'
import { HOTEL_NAME } from '~/domain/hotel'

export function Brand({
  className = 'brand',
  showName = true,
}: {
  className?: string
  showName?: boolean
}) {
  return (
    <Link to="/" className={className}>
      <img src="/logo.svg" alt={showName ? '' : `${HOTEL_NAME} home`} width={40} height={40} />
      {showName ? (
        <span className="brand-name">
          {HOTEL_NAME}
          <span className="visually-hidden"> home</span>
        </span>
      ) : null}
    </Link>
  )
}
