import { darkTheme } from '@rainbow-me/rainbowkit'

const dark = darkTheme({ accentColor: '#EA8F21', accentColorForeground: '#140b02', borderRadius: 'medium' })

/**
 * RainbowKit's dark theme in the game's amber. Its dim text (the account modal's "… transactions will appear here")
 * is 2.5:1 on the modal's #1A1B1F; WCAG 2.1 SC 1.4.3 asks 4.5:1 of text, and this is 5.9:1.
 */
export const kitTheme = { ...dark, colors: { ...dark.colors, modalTextDim: 'rgba(224, 232, 255, 0.6)' } }
