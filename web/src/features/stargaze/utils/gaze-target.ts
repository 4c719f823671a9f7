/** The element id of sky `id`'s card on /stargaze. */
export const skyCardId = (id: bigint) => `sky-${id}`

/**
 * The sky a link's `?gaze=` names (a reminder's notification opens `/stargaze?gaze=12`), or undefined when it names
 * none: absent, or not a sky number.
 */
export function gazeTarget(value: string | null | undefined): bigint | undefined {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) return undefined
  return BigInt(value)
}
