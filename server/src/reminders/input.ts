import { z } from 'zod'

/** A base64url string (no padding) of exactly `bytes` bytes, as the Push API gives a subscription's keys. */
const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `${name} must be a string.` })
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url, as the browser's subscription gives it.`)
    .refine((text) => Buffer.from(text, 'base64url').length === bytes && text.length === Math.ceil((bytes * 4) / 3), {
      error: `${name} must be ${bytes} bytes, as the browser's subscription gives it.`,
    })

/**
 * A browser's push subscription (the Push API's `PushSubscription.toJSON()`): an https endpoint of a push service
 * (RFC 8030), the subscription's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret (RFC 8291).
 */
export const pushSubscriptionInput = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'endpoint must be the URL of a push service.' })
    .max(2048, 'endpoint must be at most 2048 characters.')
    // One spelling per endpoint (a host's letter case, a default port), so that a browser is one row however its
    // endpoint is written.
    .transform((endpoint) => new URL(endpoint).href),
  keys: z.object(
    { p256dh: base64url('keys.p256dh', 65), auth: base64url('keys.auth', 16) },
    { error: 'keys must hold the subscription’s p256dh and auth.' },
  ),
})

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>

/** A reminder asked for: the sky, and the browser to remind. */
export const reminderInput = z.object({
  skyId: z
    .number({ error: 'skyId must be a sky number.' })
    .int('skyId must be a whole number.')
    .min(1, 'skyId must be a sky number.')
    .max(1_000_000, 'skyId must be a sky number.'),
  subscription: pushSubscriptionInput,
  /** Hours after the sky's night begins (18:00 there) to be reminded: 0 at nightfall, up to 11 (05:00). */
  hour: z
    .number({ error: 'hour must be a number of hours into the night.' })
    .int('hour must be a whole number of hours.')
    .min(0, 'hour must be from 0 (nightfall, 18:00) to 11 (05:00).')
    .max(11, 'hour must be from 0 (nightfall, 18:00) to 11 (05:00).')
    .default(0),
})

/** A reminder to stop: the sky, and the browser's endpoint. */
export const reminderRemoval = z.object({
  skyId: reminderInput.shape.skyId,
  endpoint: pushSubscriptionInput.shape.endpoint,
})
