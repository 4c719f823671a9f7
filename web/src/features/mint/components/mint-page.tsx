import { lazy, useCallback, useLayoutEffect, useState } from 'react'
import { useDocumentTitle } from '@/components/use-document-title'
import { useDeployment, WalletIsland } from '@/lib/wallet/shell'
import page from '@/styles/page.module.css'
import type { Design, PreviewMode } from '../utils/design'
import { browserTimeZone, type TimeZoneChoice } from '../utils/time-zone'
import { MintButton } from './mint-button'
import { MintDesigner } from './mint-designer'
import { PriceSummary } from './price-summary'

// The part that reads the chain is code of its own, fetched with the wallet stack (see WalletIsland).
const MintBody = lazy(async () => ({ default: (await import('./mint-body')).MintBody }))

const skyChooses = { primaryHue: null, secondaryHue: null, constellation: null, clouds: null }
const UTC: TimeZoneChoice = { zone: 'UTC', offset: 0 }

/**
 * /mint: design a sky with a live preview, see supply and price, mint it, and see it as the chain draws it. The
 * design is the page's own: it is drawn, and answers, before the wallet stack is there.
 */
export function MintPage() {
  useDocumentTitle('Mint')
  // The build draws the page in UTC; the browser's own zone takes its place before the first frame.
  const [design, setDesign] = useState<Design>({ ...skyChooses, timeZone: UTC })
  useLayoutEffect(() => setDesign((d) => (d.timeZone === UTC ? { ...d, timeZone: browserTimeZone() } : d)), [])
  const [mode, setMode] = useState<PreviewMode>({ night: true, revealed: false })
  const { currency } = useDeployment()
  const onDesign = useCallback((patch: Partial<Design>) => setDesign((d) => ({ ...d, ...patch })), [])

  return (
    <div className={page.page}>
      <header className={page.intro}>
        <p className={page.kicker}>Your own sky, drawn on-chain</p>
        <h1 className={page.title}>Mint a night sky</h1>
        <p className={page.lead}>
          Pick its colours, its secret constellation and its clouds, or leave any of them to the sky. The preview is
          drawn right here, exactly as the contract will draw your token.
        </p>
      </header>
      <WalletIsland
        fallback={
          <MintDesigner design={design} mode={mode} skyId={1n} onDesign={onDesign} onMode={setMode}>
            <PriceSummary info={undefined} chosen={0} currency={currency} />
            <MintButton
              status={{ kind: 'loading' }}
              total={undefined}
              currency={currency}
              onConnect={() => {}}
              onSwitchNetwork={() => {}}
            />
          </MintDesigner>
        }
      >
        <MintBody design={design} mode={mode} onDesign={onDesign} onMode={setMode} />
      </WalletIsland>
    </div>
  )
}
