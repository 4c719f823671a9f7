// The tests' Safe{Wallet} stand-in page, served over real HTTP on the machine: a browser lets a page framed
// from a loopback address only when the parent page came from one too (local network access checks).

import { createServer, type Server } from 'node:http'

/** The frame the parent page shows the app in. */
export const PARENT_FRAME_ID = 'safe-app'

/**
 * The parent page: `?app=<url>` in a full-window frame; each SDK message from that frame is handed to the
 * test's `safeWalletHost` binding and its answer posted back, as Safe{Wallet} does.
 */
export function parentHtml(appUrl: string) {
  const appOrigin = new URL(appUrl).origin
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Safe{Wallet} stand-in</title>
<style>html,body{margin:0;height:100%;background:#121312}iframe{display:block;border:0;width:100%;height:100%}</style>
</head>
<body>
<iframe id="${PARENT_FRAME_ID}" title="Safe App" src="${encodeURI(appUrl)}"></iframe>
<script>
  const frame = document.getElementById(${JSON.stringify(PARENT_FRAME_ID)})
  window.addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow || event.origin !== ${JSON.stringify(appOrigin)}) return
    const request = event.data
    if (!request || typeof request.id !== 'string' || typeof request.method !== 'string') return
    const response = await window.safeWalletHost(request)
    frame.contentWindow.postMessage(response, event.origin)
  })
</script>
</body>
</html>`
}

/** Serves the parent page on each of `ports` of 127.0.0.1 (one origin each); resolves with a stop function. */
export async function startParentServer(ports: number[]): Promise<() => Promise<void>> {
  const servers: Server[] = []
  for (const port of ports) {
    const server = createServer((req, res) => {
      const app = new URL(req.url ?? '/', 'http://parent').searchParams.get('app')
      let appUrl: URL | undefined
      try {
        appUrl = app ? new URL(app) : undefined
      } catch {}
      if (!appUrl || !['http:', 'https:'].includes(appUrl.protocol)) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('?app= must be the http(s) URL of the app to frame')
        return
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(parentHtml(appUrl.href))
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    servers.push(server)
  }
  return async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
  }
}
