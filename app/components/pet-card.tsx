/**
 * A pet's card on Manage Pets: its thumbnail (400×400, lazy) and its name,
 * which links to the pet's page; staff also see the owner.
 *
 *   <PetCard pet={card} showOwner={viewer.staff} />
 *   <PetCardList className="pet-grid" pets={cards} showOwner={viewer.staff} />
 */
import { Link } from './link'
import type { PetCard as PetCardData } from '~/domain/pet'
import { PawIcon } from './icons'
import { MemoizedMarkup } from './memoized-markup'
import './pet.css'

export const THUMBNAIL_SIZE = 400

export function PetCard({ pet, showOwner }: { pet: PetCardData; showOwner: boolean }) {
  const titleId = `pet-${pet.id}-name`
  return (
    <li className="card pet-card" aria-labelledby={titleId}>
      {pet.preview_thumbnail ? (
        <img
          className="card-media"
          src={pet.preview_thumbnail}
          alt=""
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="pet-card-placeholder" aria-hidden="true">
          <PawIcon />
        </div>
      )}
      <div className="card-body">
        <h2 className="card-title" id={titleId}>
          <Link to={`/pets/${pet.id}`}>{pet.name}</Link>
        </h2>
        <p className="card-meta">
          <span className="badge badge-muted">{pet.type === 'cat' ? 'Cat' : 'Dog'}</span>
          {showOwner ? (
            <>
              {' '}
              Owner: {pet.owner.fname} {pet.owner.lname}
            </>
          ) : null}
        </p>
      </div>
    </li>
  )
}

/**
 * A page of pet cards, as the list "Pets". The cards are many elements made
 * from a little data, with no form or state in them, and staff open the same
 * page of them all day: the server writes them once for each set of cards
 * (the key holds all they show) and reuses the markup (MemoizedMarkup).
 */
export function PetCardList({
  pets,
  showOwner,
  className,
}: {
  pets: PetCardData[]
  showOwner: boolean
  className: string
}) {
  return (
    <MemoizedMarkup
      as="ul"
      className={className}
      aria-label="Pets"
      memoKey={`pet cards ${JSON.stringify([showOwner, pets])}`}
    >
      {() => pets.map((pet) => <PetCard key={pet.id} pet={pet} showOwner={showOwner} />)}
    </MemoizedMarkup>
  )
}
