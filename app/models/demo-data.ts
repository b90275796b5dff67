import type { BookingType } from '~/domain/booking-rules'
import type { ServiceSpecies } from '~/domain/service'
import type { Position } from '~/domain/user'
import type { PetFieldsInput } from '~/schemas/pet'

// The demo hotel's people, services, pets, stays (days relative to today in
// hotel time) and reviews: data only; demo-seed.server.ts writes it.

export const MORE_PEOPLE: {
  username: string
  fname: string
  lname: string
  position: Position | null
}[] = [
  { username: 'jordan.lee', fname: 'Jordan', lname: 'Lee', position: null },
  { username: 'priya.n', fname: 'Priya', lname: 'Nair', position: null },
  { username: 'sam.okafor', fname: 'Sam', lname: 'Okafor', position: null },
  { username: 'mia.chen', fname: 'Mia', lname: 'Chen', position: null },
  { username: 'diego.r', fname: 'Diego', lname: 'Ramirez', position: 'Employee' },
]

export const SERVICES: {
  service: string
  price: number
  staff: string[]
  species: ServiceSpecies
  description: string
}[] = [
  {
    service: 'Bath & Brush',
    price: 3500,
    staff: ['employee', 'diego.r'],
    species: 'both',
    description: 'A warm bath, a gentle blow-dry and a good brush before going home.',
  },
  {
    service: 'Nail Trim',
    price: 1500,
    staff: ['employee'],
    species: 'both',
    description: 'Nails trimmed and filed by a groomer who takes it slowly.',
  },
  {
    service: 'Extra Walk',
    price: 1200,
    staff: ['diego.r'],
    species: 'dog',
    description: 'A 30-minute walk on the river path on top of the daily ones.',
  },
  {
    service: 'Playgroup Session',
    price: 1800,
    staff: ['employee', 'diego.r'],
    species: 'dog',
    description: 'An hour in the yard with dogs of a similar size and temperament.',
  },
  {
    service: 'Medication Administration',
    price: 800,
    staff: ['manager'],
    species: 'both',
    description: 'Pills, drops or injections as your vet prescribed, logged every time.',
  },
  {
    service: 'Cat Enrichment Hour',
    price: 1400,
    staff: ['employee'],
    species: 'cat',
    description: 'Feather wands, tunnels and a sunny window perch, one cat at a time.',
  },
  {
    service: 'Bedtime Story & Treat',
    price: 600,
    staff: ['manager', 'employee'],
    species: 'both',
    description: 'A quiet wind-down with a treat and a soft voice before lights out.',
  },
]

export type DemoPet = PetFieldsInput & { owner: string; palette: string }

// The demo pets' vets and emergency contacts, taken in turn (one pet has none).
export const DEMO_CONTACTS = [
  {
    vet_name: 'Riverside Animal Clinic',
    vet_phone: '5550107700',
    emergency_contact_name: 'Ana Reyes (sister)',
    emergency_contact_phone: '5550104411',
  },
  { vet_name: 'Dr. Priya Patel, Harbor Vets', vet_phone: '5550108200' },
  {},
] as const

export const PETS: DemoPet[] = [
  {
    owner: 'client',
    palette: 'golden',
    name: 'Biscuit',
    type: 'dog',
    breed: 'Golden Retriever',
    age: 4,
    gender: 'male',
    color: 'Golden',
    weight: 68,
    dob: '2022-03-14',
    size: 'he chomnk',
    behavior: 'playful',
    medication_note: '',
    dietary_note: 'Grain-free kibble, two cups morning and evening',
  },
  {
    owner: 'client',
    palette: 'grey',
    name: 'Mochi',
    type: 'cat',
    breed: 'Russian Blue',
    age: 2,
    gender: 'female',
    color: 'Grey',
    weight: 9,
    dob: '2024-06-02',
    size: 'a fine boi',
    behavior: 'shy',
    medication_note: '',
    dietary_note: 'Wet food only, half a can twice a day',
  },
  {
    owner: 'jordan.lee',
    palette: 'black',
    name: 'Shadow',
    type: 'dog',
    breed: 'Labrador Retriever',
    age: 7,
    gender: 'male',
    color: 'Black',
    weight: 82,
    dob: '2019-09-20',
    size: 'heftychonk',
    behavior: 'calm',
    medication_note: 'Joint supplement with breakfast',
    dietary_note: 'Senior formula',
  },
  {
    owner: 'priya.n',
    palette: 'ginger',
    name: 'Marmalade',
    type: 'cat',
    breed: 'Domestic Shorthair',
    age: 5,
    gender: 'male',
    color: 'Orange',
    weight: 14,
    dob: '2021-04-11',
    size: 'a heckin chonker',
    behavior: 'playful',
    medication_note: '',
    dietary_note: 'Measured portions: he will ask for more',
  },
  {
    owner: 'sam.okafor',
    palette: 'tricolor',
    name: 'Pepper',
    type: 'dog',
    breed: 'Beagle',
    age: 3,
    gender: 'female',
    color: 'Tricolor',
    weight: 24,
    dob: '2023-01-30',
    size: 'a fine boi',
    behavior: 'playful',
    medication_note: '',
    dietary_note: '',
  },
  {
    owner: 'mia.chen',
    palette: 'white',
    name: 'Luna',
    type: 'cat',
    breed: 'Ragdoll',
    age: 6,
    gender: 'female',
    color: 'White',
    weight: 12,
    dob: '2020-08-08',
    size: 'he chomnk',
    behavior: 'calm',
    medication_note: 'Thyroid tablet at 8am, hidden in a treat',
    dietary_note: '',
  },
  {
    owner: 'mia.chen',
    palette: 'brown',
    name: 'Rocco',
    type: 'dog',
    breed: 'Boxer',
    age: 5,
    gender: 'male',
    color: 'Brown',
    weight: 65,
    dob: '2021-02-17',
    size: 'megachonker',
    behavior: 'aggressive',
    medication_note: '',
    dietary_note: 'Feed separately from other dogs',
  },
]

// Bookings relative to today: [pet, type, drop-off day offset, hour, pick-up day offset, hour, services]
export const BOOKINGS: [string, BookingType, number, number, number, number, string[]][] = [
  ['Biscuit', 'boarding_care', 6, 9, 9, 17, ['Bath & Brush', 'Extra Walk']],
  ['Biscuit', 'day_care', -12, 8, -12, 17, ['Playgroup Session']],
  ['Biscuit', 'boarding_care', -34, 10, -28, 10, ['Bath & Brush']],
  ['Mochi', 'boarding_care', -30, 9, -25, 12, ['Cat Enrichment Hour']],
  ['Shadow', 'boarding_care', -2, 10, 3, 11, ['Medication Administration', 'Extra Walk']],
  ['Marmalade', 'boarding_care', 0, 8, 4, 12, ['Cat Enrichment Hour', 'Bedtime Story & Treat']],
  ['Pepper', 'day_care', 0, 7, 0, 18, ['Playgroup Session', 'Nail Trim']],
  ['Luna', 'boarding_care', -5, 9, 0, 16, ['Medication Administration']],
  ['Rocco', 'day_care', 1, 8, 1, 17, ['Extra Walk']],
  ['Rocco', 'boarding_care', -40, 9, -31, 9, ['Extra Walk', 'Bath & Brush']],
  ['Pepper', 'boarding_care', -27, 12, -24, 12, ['Playgroup Session']],
]

export const REVIEWS: [string, number, string][] = [
  [
    'client',
    5,
    'Biscuit came home tired, happy and smelling like a spa day. The daily photo updates made my week!',
  ],
  [
    'jordan.lee',
    5,
    'Shadow is a senior and needs his joint supplement on time — they never missed one. Thank you.',
  ],
  [
    'priya.n',
    4,
    'Marmalade made friends with every staff member. Only four paws because he now expects bedtime stories at home.',
  ],
  ['sam.okafor', 5, 'Pepper loves playgroup. Easy drop-off, friendly people, spotless rooms.'],
  ['mia.chen', 3, 'Luna was well looked after, but pick-up took a while on a busy Sunday.'],
  ['mia.chen', 4, 'Rocco needs his space and the team respected that completely.'],
]
