import type { ReactNode } from 'react'

export type ExternalLinkProps = { href: string; children: ReactNode; className?: string; onClick?: () => void }

/** A link to another site: opens in a new tab and tells that site nothing about this one. */
export function ExternalLink({ href, children, className, onClick }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children}
    </a>
  )
}
