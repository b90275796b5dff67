// Pets as the hotel knows them: the enumerations of the pet form, and the
// pet as pages and the API show it. Photos are served by the app at
// /photos/<key> (a photo and a square thumbnail per upload).

export const PET_TYPES = ['cat', 'dog'] as const
export const GENDERS = ['male', 'female'] as const
export const PET_SIZES = [
  'a fine boi',
  'he chomnk',
  'a heckin chonker',
  'heftychonk',
  'megachonker',
  'oh lawd he comin',
] as const
export const BEHAVIORS = ['calm', 'playful', 'aggressive', 'shy'] as const

export type PetType = (typeof PET_TYPES)[number]
export type Gender = (typeof GENDERS)[number]
export type PetSize = (typeof PET_SIZES)[number]
export type Behavior = (typeof BEHAVIORS)[number]

/** The body-fat band each size stands for, shown next to the size everywhere. */
export const SIZE_BODY_FAT: Record<PetSize, string> = {
  'a fine boi': 'under 20% body fat',
  'he chomnk': '20–25% body fat',
  'a heckin chonker': '25–30% body fat',
  heftychonk: '30–35% body fat',
  megachonker: '35–40% body fat',
  'oh lawd he comin': 'over 40% body fat',
}

/** 'A fine boi (under 20% body fat)' */
export function sizeLabel(size: PetSize): string {
  return `${size.charAt(0).toUpperCase()}${size.slice(1)} (${SIZE_BODY_FAT[size]})`
}

export const MAX_ADDITIONAL_IMAGES = 4
/** The largest photo a pet may have, in MB. */
export const MAX_PHOTO_MB = 10
/** The longest name of a pet's vet or emergency contact. */
export const MAX_CONTACT_NAME = 100

/** The longest note on a Pet of the Month, in characters. */
export const POTM_NOTE_MAX = 280
export type PetImage = { id: number; url: string; thumbnail: string }

/** A pet as the API shows it. */
export type Pet = {
  id: number
  name: string
  type: PetType
  breed: string
  age: number
  gender: Gender
  color: string
  weight: number
  dob: string
  size: PetSize
  behavior: Behavior
  medication_note: string
  dietary_note: string
  /** The pet's vet and an emergency contact other than its owner; '' when not given. Phones are 10 digits. */
  vet_name: string
  vet_phone: string
  emergency_contact_name: string
  emergency_contact_phone: string
  owner_id: number
  preview_image: string | null
  preview_thumbnail: string | null
  pet_images: PetImage[]
}

/** A photo with its pixel size, for pages that lay photos out. */
export type PetPhoto = PetImage & { width: number; height: number }

export type PetOwner = { id: number; username: string; fname: string; lname: string }

export type PetDetails = { pet: Pet; owner: PetOwner; preview: PetPhoto | null; photos: PetPhoto[] }

/** A pet's card on Manage Pets. */
export type PetCard = {
  id: number
  name: string
  type: PetType
  preview_thumbnail: string | null
  owner: PetOwner
}

export const photoUrl = (key: string) => `/photos/${key}`

/** The longest search of the staff's pet list (a pet's or owner's name). */
export const PET_SEARCH_MAX = 100
