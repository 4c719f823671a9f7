import { useBriefly } from '@/hooks/use-briefly'
import { Icon } from '../ui/icon'
import styles from './account.module.css'

/** How long the button says "Copied", as RainbowKit's account modal does. */
export const ADDRESS_COPIED_MS = 1500

/** Copies `address` whole; says so for 1.5 s. A round icon button, as every action beside an account is. */
export function CopyAddressButton({ address, className }: { address: string; className?: string }) {
  const [copied, setCopied] = useBriefly(false, ADDRESS_COPIED_MS)
  const copy = () =>
    navigator.clipboard?.writeText(address).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  return (
    <button
      type="button"
      className={[styles.action, className].filter(Boolean).join(' ')}
      onClick={copy}
      aria-label={copied ? 'Address copied' : 'Copy address'}
    >
      <Icon size={14}>
        {copied ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        ) : (
          <>
            <rect x="9" y="9" width="11" height="11" rx="2" />
            <path d="M5 15V5a2 2 0 0 1 2-2h8" />
          </>
        )}
      </Icon>
      <span role="status" className="visually-hidden">
        {copied && 'Address copied'}
      </span>
    </button>
  )
}
