import {
  type FormEvent,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { PageFallback } from '@/components/page-fallback'
import { PageIntro } from '@/components/ui/page-intro'
import { useDocumentTitle } from '@/components/use-document-title'
import { whenIdle } from '@/lib/idle'
import { lazyIsland, useDeployment, WalletIsland } from '@/lib/shell'
import page from '@/styles/page.module.css'
import { chosenCount, type Design, type PreviewMode } from '../utils/design'
import { browserTimeZone, type TimeZoneChoice } from '../utils/time-zone'
import type { Minted } from './mint-actions'
import { MintButton } from './mint-button'
import { MintDesigner } from './mint-designer'
import { PriceSummary } from './price-summary'

// What reads the chain is code of its own, fetched with the wallet stack (see WalletIsland).
const MintActions = lazyIsland(async () => (await import('./mint-actions')).MintActions)
const MintSuccess = lazyIsland(async () => (await import('./mint-success')).MintSuccess)

const skyChooses = { primaryHue: null, secondaryHue: null, constellation: null, clouds: null }
const UTC: TimeZoneChoice = { zone: 'UTC', offset: 0 }
/** Longest wait for an idle period before the browser's time zone is looked up anyway. */
const TIME_ZONE_IDLE_TIMEOUT_MS = 500

const intro = (
  <PageIntro
    kicker="Your own sky, drawn on-chain"
    title="Mint a night sky"
    lead="Pick its colours, its secret constellation and its clouds, or leave any of them to the sky. The preview is drawn right here, exactly as the contract will draw your token."
  />
)

/**
 * /mint: design a sky with a live preview, see supply and price, mint it, and see it as the chain draws it. The
 * design and its preview are the page's own: drawn, and answering, before the wallet stack is there.
 */
export function MintPage() {
  useDocumentTitle('Mint')
  // The build draws the page in UTC; the browser's own zone takes its place once the page is on screen, in an idle
  // period of its own: asking the browser's time-zone database is the first use of its date formats, 40–60 ms at 4×
  // CPU, which had made the hydration's task that much longer (docs/decisions/first-use.md).
  const [design, setDesign] = useState<Design>({ ...skyChooses, timeZone: UTC })
  useEffect(
    () =>
      whenIdle(() => {
        const timeZone = browserTimeZone()
        startTransition(() => setDesign((d) => (d.timeZone === UTC ? { ...d, timeZone } : d)))
      }, TIME_ZONE_IDLE_TIMEOUT_MS),
    [],
  )
  const [mode, setMode] = useState<PreviewMode>({ night: true, revealed: false })
  const [nextSkyId, setNextSkyId] = useState(1n)
  const [minted, setMinted] = useState<Minted>()
  const submit = useRef<() => void>(undefined)
  const { currency } = useDeployment()
  // The wallet's part of the form (an island: a second render of its own) reads the design only when it is
  // submitted, and re-renders only when the price changes: a slider's every step then redraws the preview alone.
  const latest = useRef(design)
  useLayoutEffect(() => {
    latest.current = design
  }, [design])
  const clearError = useRef<() => void>(undefined)
  const onDesign = useCallback((patch: Partial<Design>) => {
    setDesign((d) => ({ ...d, ...patch }))
    clearError.current?.()
  }, [])
  const onSubmit = useCallback((event: FormEvent) => {
    event.preventDefault()
    submit.current?.()
  }, [])
  const chosen = chosenCount(design)
  const actions = useMemo(
    () => (
      <WalletIsland
        load={MintActions.load}
        fallback={
          <>
            <PriceSummary info={undefined} chosen={0} currency={currency} />
            <MintButton
              status={{ kind: 'loading' }}
              total={undefined}
              currency={currency}
              onConnect={() => {}}
              onSwitchNetwork={() => {}}
            />
          </>
        }
      >
        <MintActions
          chosen={chosen}
          design={latest}
          submitRef={submit}
          clearErrorRef={clearError}
          onNextSky={setNextSkyId}
          onMinted={setMinted}
        />
      </WalletIsland>
    ),
    [chosen, currency],
  )

  return (
    <div className={page.page}>
      {intro}
      {minted !== undefined ? (
        <WalletIsland load={MintSuccess.load} fallback={<PageFallback />}>
          <MintSuccess {...minted} onMintAnother={() => setMinted(undefined)} />
        </WalletIsland>
      ) : (
        <MintDesigner
          design={design}
          mode={mode}
          skyId={nextSkyId}
          onDesign={onDesign}
          onMode={setMode}
          onSubmit={onSubmit}
        >
          {actions}
        </MintDesigner>
      )}
    </div>
  )
}
