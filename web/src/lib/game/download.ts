const SVG_DATA_URL = 'data:image/svg+xml;base64,'

/** Side of the square PNG export, in pixels: twice the art's own 512 so it stays sharp as a wallpaper or print. */
export const PNG_SIZE = 1024

/** `chainellation-12`: the base name of a sky's downloaded files. */
export const skyFileBase = (skyId: bigint | number) => `chainellation-${skyId}`

/** The SVG markup's bytes in a base64 `data:image/svg+xml` URL, exactly as the chain wrote them. */
export function svgBytesOf(dataUrl: string): Uint8Array<ArrayBuffer> {
  if (!dataUrl.startsWith(SVG_DATA_URL)) throw new Error('The image is not a base64 SVG data URL.')
  return Uint8Array.from(atob(dataUrl.slice(SVG_DATA_URL.length)), (c) => c.charCodeAt(0))
}

/** The sky's SVG as a file to save. */
export const svgBlobOf = (dataUrl: string) => new Blob([svgBytesOf(dataUrl)], { type: 'image/svg+xml' })

/**
 * The sky drawn on a `size`×`size` canvas, as a PNG. The image is loaded from its data URL, which is same-origin
 * for the canvas (its decoration layers are nested data URLs too), so the canvas is not tainted and can be exported.
 */
export async function pngBlobOf(dataUrl: string, size = PNG_SIZE): Promise<Blob> {
  svgBytesOf(dataUrl)
  const image = new Image(size, size)
  image.src = dataUrl
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot draw the image.')
  context.drawImage(image, 0, 0, size, size)
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made.'))), 'image/png'),
  )
}

/** Saves `blob` as `fileName` through a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The browser reads the blob after the click returns; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/** Downloads the sky's SVG as `{base}.svg`. */
export const downloadSvg = (dataUrl: string, base: string) => saveBlob(svgBlobOf(dataUrl), `${base}.svg`)

/** Downloads the sky as a `PNG_SIZE` PNG, `{base}.png`. */
export async function downloadPng(dataUrl: string, base: string) {
  saveBlob(await pngBlobOf(dataUrl), `${base}.png`)
}
