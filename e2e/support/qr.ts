import type { Locator } from '@playwright/test'
import decodeQR from 'qr/decode.js'

/**
 * What a phone's camera reads from a QR code the page shows: the code's pixels as Chromium drew them (a screenshot of
 * the element, the wallet's logo over its middle included), decoded by a QR reader. The page's canvas turns the PNG
 * into pixels (no request: the bytes never leave the page); a white border stands in for the quiet zone a camera sees
 * around a code on a screen.
 */
export async function readQrCode(code: Locator): Promise<string> {
  const png = (await code.screenshot()).toString('base64')
  const border = 24
  const image = await code.page().evaluate(
    async ({ png, border }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(bitmap.width + 2 * border, bitmap.height + 2 * border)
      const context = canvas.getContext('2d')
      if (!context) throw new Error('the page has no 2D canvas to read the QR code with')
      context.fillStyle = '#fff'
      context.fillRect(0, 0, canvas.width, canvas.height)
      context.drawImage(bitmap, border, border)
      const { width, height, data } = context.getImageData(0, 0, canvas.width, canvas.height)
      return { width, height, data: Array.from(data) }
    },
    { png, border },
  )
  return decodeQR({ width: image.width, height: image.height, data: Uint8Array.from(image.data) })
}
