import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * JSON as Biome formats it, since reports are committed and linted: an array of plain values on one line when it
 * fits in 120 columns. Shared with the end-to-end benches (`@chainellation/scripts/json`).
 */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /^(.*)\[\n([^[\]{}]*?)\n *\](,?)$/gm,
    (whole, head: string, items: string, comma: string) => {
      const line = `${head}[${items
        .split(',\n')
        .map((item) => item.trim())
        .join(', ')}]${comma}`
      return line.length <= 120 ? line : whole
    },
  )
}

export function writeJson(file: string, value: unknown) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${formatJson(value)}\n`)
}
