/**
 * The footer of the shared layout and the landing page: the hotel, quick
 * links and social links.
 *
 *   <SiteFooter />
 */
import { Link } from './link'
import { HOTEL_NAME } from '~/domain/hotel'
import { FacebookIcon, InstagramIcon, TikTokIcon, YouTubeIcon } from './icons'
import { MemoizedMarkup } from './memoized-markup'

const SOCIAL = [
  { name: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { name: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { name: 'TikTok', href: 'https://www.tiktok.com/', Icon: TikTokIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
]

// The same for every page and everyone: the server writes it once (memoized-markup.tsx).
export function SiteFooter() {
  return (
    <MemoizedMarkup as="footer" className="footer" memoKey="site">
      <div className="container">
        <div className="footer-grid">
          <div className="stack-sm">
            <div className="footer-brand">
              {/* Lazy: at the foot of every page, and the header's logo is the same file. (Written
                  on its own, the footer would otherwise carry React's preload of it.) */}
              <img src="/logo.svg" alt="" width={48} height={48} loading="lazy" />
              <div>
                <strong>{HOTEL_NAME}</strong>
                <span className="footer-tagline">Day care &amp; boarding for cats and dogs</span>
              </div>
            </div>
            <p className="footer-tagline">
              Open every day · Drop-off 6 am – 6 pm · Pick-up 7 am – 6 pm
            </p>
          </div>
          <nav aria-label="Footer">
            <h2>Explore</h2>
            <ul>
              <li>
                <Link to="/services">Our services</Link>
              </li>
              <li>
                <Link to="/reviews">Reviews</Link>
              </li>
              <li>
                <Link to="/pets">Book a reservation</Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2>Follow us</h2>
            <ul className="social-links">
              {SOCIAL.map(({ name, href, Icon }) => (
                <li key={name}>
                  <a
                    href={href}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={`${name} (opens in a new tab)`}
                  >
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="footer-bottom">
          © {HOTEL_NAME} Pet Hotel · Made with love for good boys and girls.
        </p>
      </div>
    </MemoizedMarkup>
  )
}
