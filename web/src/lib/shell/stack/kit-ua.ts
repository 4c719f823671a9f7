import { UAParser as Parser } from 'ua-parser-js'

/**
 * What RainbowKit imports as `UAParser` in the build (vite-plugins/lean-kit.ts). It calls `UAParser()` once as its
 * module is evaluated and reads only `os.name`, when it picks a desktop wallet's download link; the call parses the
 * whole user agent (browser, engine, device, CPU and OS), ~40% of the kit's evaluation at 4× CPU. This parses the OS
 * alone, the first time its name is read, with the same parser.
 */
export function UAParser(): { readonly os: { readonly name: string | undefined } } {
  let name: { value: string | undefined } | undefined
  return {
    os: {
      get name() {
        name ??= { value: new Parser(navigator.userAgent).getOS().name }
        return name.value
      },
    },
  }
}
