import { getDefaultConfig } from '@rainbow-me/rainbowkit'
import { sepolia } from 'wagmi/chains'

// What the RainbowKit docs tell a newcomer to write; the placeholder project id is the one most starters ship.
export const config = getDefaultConfig({
  appName: 'RainbowKit starter',
  projectId: 'YOUR_PROJECT_ID',
  chains: [sepolia],
})
