/** A sky id from the address: a positive whole number written plainly (`7`, not `07`, `7.0` or `1e3`), else undefined. */
export function parseSkyId(param: string | undefined): number | undefined {
  if (!param || !/^[1-9]\d*$/.test(param)) return undefined
  const id = Number(param)
  return Number.isSafeInteger(id) ? id : undefined
}
