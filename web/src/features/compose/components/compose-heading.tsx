import { PageIntro } from '@/components/ui/page-intro'

/** The Compose page's heading for sky `skyId`, above the page whatever state it is in. */
export function ComposeHeading({ skyId }: { skyId: bigint }) {
  return <PageIntro kicker="Compose" title={<>Compose sky #{skyId.toString()}</>} />
}
