import { ConnectButton } from '@rainbow-me/rainbowkit'

/** A header with the connect button and one paragraph, as a starter page has. */
export function App() {
  return (
    <>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12 }}>
        <ConnectButton />
      </header>
      <main style={{ padding: 12 }}>
        <p>A stock Vite + React + RainbowKit starter on Sepolia, measured beside chainellation by npm run bench.</p>
      </main>
    </>
  )
}
