/**
 * A pet's card on Manage Pets: its thumbnail (400×400, lazy) and its name,
 * which links to the pet's page; staff also see the owner.
 *
 *   <PetCard pet={card} showOwner={viewer.staff} />
 */
import { Link } from './link'
import type { PetCard as PetCardData } from '~/domain/pet'
import { PawIcon } from './icons'
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
