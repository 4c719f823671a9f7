import { Link } from 'react-router'
import { BrandMark } from '@/components/brand-mark'
import { useDeployment } from '@/lib/shell'
import styles from './brand-link.module.css'

export type BrandLinkProps = { onClick?: () => void; className?: string }

/** The deployment's name with the game's mark, linking home. */
export function BrandLink({ onClick, className }: BrandLinkProps) {
  const { displayName } = useDeployment()
  return (
    <Link to="/" className={[styles.brand, className].filter(Boolean).join(' ')} onClick={onClick}>
      <BrandMark className={styles.mark} />
      <span className={styles.name}>{displayName}</span>
    </Link>
  )
}
