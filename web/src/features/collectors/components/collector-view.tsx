import type { Address } from 'viem'
import { ActivityFeed } from '@/components/activity/activity-feed'
import { Panel } from '@/components/ui/panel'
import { CollectorFigures } from './collector-figures'
import styles from './collector-page.module.css'
import { CollectorSkies } from './collector-skies'

/** What the index knows of a collector: its figures, its skies and its latest events. */
export function CollectorView({ address }: { address: Address }) {
  return (
    <div className={styles.view}>
      <CollectorFigures address={address} />
      <CollectorSkies owner={address} />
      <Panel as="section" aria-labelledby="collector-activity" className={styles.activity}>
        <h2 id="collector-activity" className={styles.heading}>
          Latest events
        </h2>
        <ActivityFeed
          filter={{ address }}
          limit={10}
          older
          label="This collector’s events"
          empty="This account has not played yet."
        />
      </Panel>
    </div>
  )
}
