import '@fontsource/kdam-thmor-pro/latin-400.css'
import '@fontsource-variable/inter/wght.css'
import '@/styles/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/app'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// Analytics (off unless configured) never holds up the first paint.
void import('@/config/analytics').then(({ startAnalytics }) => startAnalytics())
