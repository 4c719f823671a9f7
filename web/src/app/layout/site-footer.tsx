import { NavLink } from 'react-router'
import { BrandMark } from '@/components/brand-mark'
import { ExternalLink } from '@/components/external-link'
import { links } from '@/config/links'
import { GameAreaItems } from './game-area-items'
import styles from './site-footer.module.css'

/** Home and the three areas; the community links join them from the medium breakpoint up. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.tagline}>
          <BrandMark size={18} />
          An on-chain game of night skies.
        </p>
        <nav aria-label="Footer">
          <ul className={styles.list}>
            <li>
              <NavLink to="/" end className={styles.link}>
                Home
              </NavLink>
            </li>
            <GameAreaItems linkClassName={styles.link} />
            <li className={styles.community}>
              <ExternalLink href={links.twitter} className={styles.link}>
                twitter
              </ExternalLink>
            </li>
            <li className={styles.community}>
              <ExternalLink href={links.discord} className={styles.link}>
                discord
              </ExternalLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
