import { data, redirect } from 'react-router'
import { Link } from '~/components/link'
import type { Route } from './+types/index'
import { AccountControls } from '~/components/account-controls'
import { Brand } from '~/components/brand'
import { HOTEL_NAME, pageMeta } from '~/domain/hotel'
import { Dropdown } from '~/components/dropdown'
import { EmptyState } from '~/components/empty-state'
import {
  BowlIcon,
  CalendarIcon,
  CheckIcon,
  HomeHeartIcon,
  SettingsIcon,
  SparkIcon,
  StarIcon,
} from '~/components/icons'
import { Notice } from '~/components/notice'
import { Paws } from '~/components/paws'
import '~/styles/landing.css'
import { SiteFooter } from '~/components/site-footer'
import { canChoosePetOfTheMonth } from '~/domain/permissions'
import { getCurrentUser, requireUser } from '~/http/auth.server'
import { attempt, pageHandler, parseForm } from '~/http/form.server'
import { readFormData } from '~/http/request-body.server'
import { safeRedirect } from '~/http/safe-redirect'
import { hotelClock } from '~/infra/clock.server'
import { getEnv } from '~/infra/env.server'
import {
  choosePetOfTheMonth,
  clearPetOfTheMonth,
  getChosenPetOfTheMonth,
  getPetOfTheMonth,
  listPetChoices,
} from '~/models/pet-of-the-month.server'
import { listTopReviews } from '~/models/review.server'
import { petOfTheMonthSchema } from '~/schemas/pet-of-the-month'
import { lazyInBrowser } from '~/components/lazy-in-browser'
import { PetOfTheMonthChooser as ChooserNow } from '~/components/pet-of-the-month-chooser'

// The landing page, outside the shared layout: banner with logo and
// welcome, Admin menu (Owner/Manager), profile and Demo dropdowns, the two
// main actions, Top Reviews and the Pet of the Month (with its chooser for
// Owner/Manager).

const TOP_REVIEWS = 4

// Only the Owner and Managers see the chooser: its code is not in everyone's page.
const PetOfTheMonthChooser = lazyInBrowser(import.meta.env.SSR ? ChooserNow : null, () =>
  import('~/components/pet-of-the-month-chooser').then((m) => m.PetOfTheMonthChooser),
)

export const loader = pageHandler(async ({ request, url }: Route.LoaderArgs) => {
  const user = await getCurrentUser(request)
  const { month } = hotelClock()
  const [topReviews, petOfTheMonth, chooser] = await Promise.all([
    listTopReviews({ limit: TOP_REVIEWS }),
    getPetOfTheMonth({ month }),
    canChoosePetOfTheMonth(user)
      ? Promise.all([listPetChoices({ actor: user }), getChosenPetOfTheMonth({ month })]).then(
          ([pets, chosen]) => ({ pets, chosen }),
        )
      : null,
  ])
  // A visitor sent here from a page that needs a login (Book a Reservation):
  // the notice's Log In and Sign Up bring them back there.
  const wanted = url.searchParams.get('redirectTo')
  return {
    user,
    demoMode: getEnv().DEMO_MODE,
    monthLabel: monthLabel(month),
    topReviews,
    petOfTheMonth,
    chooser,
    loginFor: !user && wanted ? safeRedirect(wanted) : null,
  }
})

export const action = pageHandler(async ({ request }: Route.ActionArgs) => {
  const actor = await requireUser(request, { can: canChoosePetOfTheMonth })
  const formData = await readFormData(request)
  if (formData.get('intent') === 'clear') {
    await clearPetOfTheMonth({ actor })
    return redirect('/')
  }
  const submission = parseForm(formData, petOfTheMonthSchema)
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const chosen = await attempt(() =>
    choosePetOfTheMonth({ actor, petId: submission.value.pet_id!, note: submission.value.note }),
  )
  if (!chosen.ok)
    return data(submission.reply({ fieldErrors: { pet_id: [chosen.error.message] } }), {
      status: chosen.error.status,
    })
  return redirect('/')
})

export default function Landing({ loaderData, actionData }: Route.ComponentProps) {
  const { user, demoMode, topReviews, petOfTheMonth, chooser, monthLabel, loginFor } = loaderData
  const showPotm = !!petOfTheMonth || !!chooser

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="landing-top">
        <div className="container landing-bar">
          <Brand />
          {chooser ? (
            <Dropdown
              testId="admin-menu"
              summaryClassName="btn btn-accent btn-sm"
              align="left"
              label={
                <>
                  <SettingsIcon />
                  Admin
                </>
              }
            >
              <ul>
                <li>
                  <Link className="dropdown-item" to="/services">
                    Manage Services
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/users">
                    Manage Users
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/bookings">
                    Manage Bookings
                  </Link>
                </li>
                <li>
                  <Link className="dropdown-item" to="/settings">
                    Settings
                  </Link>
                </li>
              </ul>
            </Dropdown>
          ) : null}
          <AccountControls user={user} demoMode={demoMode} />
        </div>
      </header>

      <main id="main" tabIndex={-1}>
        <section className="hero" aria-labelledby="welcome-title">
          <div className="container hero-grid">
            <div>
              <img
                className="hero-logo"
                src="/logo.svg"
                alt={`${HOTEL_NAME} logo`}
                width={88}
                height={88}
              />
              <p className="hero-eyebrow">Day care &amp; boarding for cats and dogs</p>
              <h1 id="welcome-title">
                {user ? `Welcome back, ${user.fname}!` : `Welcome to ${HOTEL_NAME}`}
              </h1>
              {loginFor ? <LoginToContinue to={loginFor} /> : null}
              <p className="hero-lead">
                A cosy home away from home: daily play, quiet naps, fresh meals and the extras your
                pet loves, with staff who know them by name.
              </p>
              <div className="hero-actions">
                <Link className="btn btn-primary btn-lg" to="/pets">
                  <CalendarIcon />
                  Book a Reservation
                </Link>
                <Link className="btn btn-secondary btn-lg" to="/services">
                  <SparkIcon />
                  Browse Our Services
                </Link>
              </div>
              <ul className="hero-facts">
                <li>
                  <CheckIcon /> Drop-off 6 am – 6 pm
                </li>
                <li>
                  <CheckIcon /> Cats &amp; dogs welcome
                </li>
                <li>
                  <CheckIcon /> Paw-rated by our guests
                </li>
              </ul>
            </div>
            <div className="hero-art">
              <img src="/hero.svg" alt="" width={480} height={420} />
            </div>
          </div>
        </section>

        <div className="container page">
          <section aria-labelledby="stay-title">
            <h2 id="stay-title" className="section-title">
              How your pet can stay
            </h2>
            <div className="feature-grid">
              <Feature icon={<SparkIcon />} title="Day care">
                A day of play and rest, from drop-off in the morning to pick-up the same day.
              </Feature>
              <Feature icon={<HomeHeartIcon />} title="Boarding" accent>
                Overnight stays in a dog kennel or a cat condo, priced per day.
              </Feature>
              <Feature icon={<BowlIcon />} title="Extras">
                Grooming, walks, medication and special diets: add the services your pet needs.
              </Feature>
            </div>
          </section>

          <div className={showPotm ? 'landing-columns section' : 'section'}>
            <section aria-labelledby="top-reviews-title">
              <div className="page-header">
                <h2 id="top-reviews-title">Top Reviews</h2>
                <Link to="/reviews" className="btn btn-secondary btn-sm">
                  See All Reviews
                </Link>
              </div>
              {topReviews.length ? (
                <ul className="review-list">
                  {topReviews.map((review) => (
                    <li key={review.id}>
                      <figure className="review-quote">
                        <Paws value={review.paws} />
                        <blockquote>{review.review}</blockquote>
                        <figcaption>{review.client_username}</figcaption>
                      </figure>
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState title="No reviews available" />
              )}
            </section>

            {showPotm ? (
              <section aria-labelledby="potm-title" id="pet-of-the-month">
                <h2 id="potm-title" className="section-title">
                  Pet of the Month
                </h2>
                {petOfTheMonth ? (
                  <article className="potm">
                    <div className="potm-media">
                      {petOfTheMonth.pet.photo ? (
                        <img
                          src={petOfTheMonth.pet.photo}
                          alt={`${petOfTheMonth.pet.name} the ${petOfTheMonth.pet.breed}`}
                          width={640}
                          height={480}
                        />
                      ) : (
                        <img src="/hero.svg" alt="" width={480} height={420} />
                      )}
                      <span className="potm-ribbon">
                        <StarIcon /> {monthLabel}
                      </span>
                    </div>
                    <div className="potm-body">
                      <h3 className="potm-name">{petOfTheMonth.pet.name}</h3>
                      <p className="muted">
                        {petOfTheMonth.pet.breed} ·{' '}
                        {petOfTheMonth.pet.type === 'cat' ? 'Cat' : 'Dog'}
                      </p>
                      {petOfTheMonth.note ? (
                        <p className="potm-note">“{petOfTheMonth.note}”</p>
                      ) : petOfTheMonth.bookedDays ? (
                        <p className="potm-note">
                          Our most frequent guest last month, with {petOfTheMonth.bookedDays}{' '}
                          {petOfTheMonth.bookedDays === 1 ? 'day' : 'days'} at the hotel.
                        </p>
                      ) : null}
                    </div>
                  </article>
                ) : (
                  <EmptyState title="No Pet of the Month yet">
                    Choose a pet below, or wait for last month’s bookings.
                  </EmptyState>
                )}
                {chooser ? (
                  <PetOfTheMonthChooser chooser={chooser} lastResult={actionData} />
                ) : null}
              </section>
            ) : null}
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  )
}

function Feature({
  icon,
  title,
  children,
  accent = false,
}: {
  icon: React.ReactNode
  title: string
  children: React.ReactNode
  accent?: boolean
}) {
  return (
    <div className="feature-card">
      <span className={accent ? 'feature-icon feature-icon-accent' : 'feature-icon'}>{icon}</span>
      <div>
        <h3>{title}</h3>
        <p>{children}</p>
      </div>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    undefined,
    `${HOTEL_NAME}: day care and boarding for cats and dogs, with a paw-rated reputation.`,
  )

// Made once: an Intl formatter costs far more to make than to use.
const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

function monthLabel(month: string) {
  const [y, m] = month.split('-').map(Number)
  return MONTH_FORMAT.format(new Date(Date.UTC(y, m - 1, 1)))
}

/** Why a visitor landed here instead of where they were going, and the way back there. */
function LoginToContinue({ to }: { to: string }) {
  const back = encodeURIComponent(to)
  return (
    <Notice tone="info">
      Log in to book a reservation. <Link to={`/login?redirectTo=${back}`}>Log In</Link> or{' '}
      <Link to={`/signup?redirectTo=${back}`}>Sign Up</Link> and we will take you there.
    </Notice>
  )
}

export { headers } from '~/http/route-headers'
