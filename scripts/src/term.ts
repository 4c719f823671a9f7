// Colour only for a person at a terminal; logs and CI get plain text.
const enabled = process.stdout.isTTY === true && !process.env.NO_COLOR

const paint = (code: number) => (text: string) => (enabled ? `\x1b[${code}m${text}\x1b[0m` : text)

export const bold = paint(1)
export const dim = paint(2)
export const accent = paint(33)
