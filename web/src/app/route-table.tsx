import type { RouteObject } from 'react-router'
import { PageFallback } from '@/components/page-fallback'
import { HomePage } from '@/features/home'
import { RootLayout } from './layout/root-layout'

// Each page's code is its own chunk, fetched when the page is first visited. While the first one loads,
// its HydrateFallback stands in so the header and footer show at once. The home page is in the first
// chunk with the shell, so `/` paints in one go; it and the not-found page need no wallet (`shell`).
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, Component: HomePage },
      {
        path: 'mint',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('@/features/mint')).MintPage }),
      },
      {
        path: 'stargaze',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/stargaze-route')).StargazeRoute }),
      },
      {
        path: 'compose',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/compose-route')).ComposeRoute }),
      },
      {
        path: 'compose/:skyId',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/compose-sky-route')).ComposeSkyRoute }),
      },
      {
        path: 'sky/:skyId',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/sky-route')).SkyRoute }),
      },
      {
        path: 'activity',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('@/features/activity')).ActivityPage }),
      },
      {
        path: 'leaderboard',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/leaderboard-route')).LeaderboardRoute }),
      },
      {
        path: 'collector/:address',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/collector-route')).CollectorRoute }),
      },
      {
        path: 'draft/:draftId',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/draft-route')).DraftRoute }),
      },
      {
        path: '*',
        HydrateFallback: PageFallback,
        lazy: async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute }),
      },
    ],
  },
]
