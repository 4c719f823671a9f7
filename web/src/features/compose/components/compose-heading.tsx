import page from '@/styles/page.module.css'

/** The Compose page's heading for sky `skyId`, above the page whatever state it is in. */
export function ComposeHeading({ skyId }: { skyId: bigint }) {
  return (
    <header className={page.intro}>
      <p className={page.kicker}>Compose</p>
      <h1 className={page.title}>Compose sky #{skyId.toString()}</h1>
    </header>
  )
}
