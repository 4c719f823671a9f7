import type { ReactNode } from 'react'
import { useBriefly } from '@/hooks/use-briefly'

/** How long the button says "Copied", as RainbowKit's account modal does. */
export const ADDRESS_COPIED_MS = 1500

/** Copies `address` whole; says so for 1.5 s. */
export function CopyAddressButton({ address, className }: { address: string; className?: string }) {
  const [copied, setCopied] = useBriefly(false, ADDRESS_COPIED_MS)
  const copy = () =>
    navigator.clipboard?.writeText(address).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  return (
    <button type="button" className={className} onClick={copy} aria-label={copied ? 'Address copied' : 'Copy address'}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span role="status" className="visually-hidden">
        {copied && 'Address copied'}
      </span>
    </button>
  )
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

const CopyIcon = () => (
  <Icon>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h8" />
  </Icon>
)

const CheckIcon = () => (
  <Icon>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
)
