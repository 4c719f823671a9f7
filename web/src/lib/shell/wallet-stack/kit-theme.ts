import { darkTheme } from '@rainbow-me/rainbowkit'

const dark = darkTheme({ accentColor: '#EA8F21', accentColorForeground: '#140b02', borderRadius: 'medium' })

/**
 * RainbowKit's dark theme in the game's amber. Its dim text (the account modal's "… transactions will appear here")
 * is 2.5:1 on the modal's #1A1B1F; WCAG 2.1 SC 1.4.3 asks 4.5:1 of text, and this is 5.9:1.
 *
 * Its modal overlay's unblurred default is `backdrop-filter: blur(0px)`, which looks like no filter but is one: the
 * browser copies and filters everything behind the overlay in every frame while a modal is open, and where it
 * composites on the CPU (no GPU, as in the test suite) that took about 0.4 s of CPU a connect
 * (docs/decisions/platform.md). `none` draws the same pixels without that pass.
 */
export const kitTheme = {
  ...dark,
  colors: { ...dark.colors, modalTextDim: 'rgba(224, 232, 255, 0.6)' },
  blurs: { ...dark.blurs, modalOverlay: 'none' },
}
