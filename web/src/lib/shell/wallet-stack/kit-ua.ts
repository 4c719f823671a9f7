/**
 * What RainbowKit imports as `UAParser` in the build (vite-plugins/lean-kit.ts). It calls `UAParser()` once as its
 * module is evaluated and reads only `os.name`, to tell Windows (`"Windows"`), macOS (`"macOS"`) and Linux (the
 * names of its family, `"Linux"` among them) from any other OS when it picks a desktop wallet's download link.
 * ua-parser-js parses the whole user agent with some 27 kB of patterns, fetched and evaluated with the kit on every
 * visit; these three are told apart by the platform token every such browser's user agent carries
 * (`kit-ua.test.ts` holds the answer to ua-parser-js's on desktop and mobile agents). Any other OS is no name,
 * which RainbowKit takes as a desktop of no kind, as it takes a phone's.
 */
export function UAParser(): { readonly os: { readonly name: string | undefined } } {
  let name: { value: string | undefined } | undefined
  return {
    os: {
      get name() {
        name ??= { value: osName(navigator.userAgent) }
        return name.value
      },
    },
  }
}

/** Phones, tablets and Chrome OS carry Windows', Apple's or Linux's tokens too: they are none of the three. */
const OTHER_OS = /Windows Phone|Android|iPhone|iPad|iPod|CrOS|Xbox/

function osName(userAgent: string): string | undefined {
  if (OTHER_OS.test(userAgent)) return undefined
  if (userAgent.includes('Windows NT')) return 'Windows'
  if (userAgent.includes('Mac OS X')) return 'macOS'
  if (/Linux|X11/.test(userAgent)) return 'Linux'
  return undefined
}
