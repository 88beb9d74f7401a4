import type { CDPSession, Page } from 'playwright-core';

export interface TransferredFile {
  url: string;
  /** CDP resource type: Document, Script, Stylesheet, Font, XHR, Fetch, WebSocket, … */
  type: string;
  /** Content-Encoding of the response ('' when sent as it is). */
  encoding: string;
  /** Bytes on the wire, headers included (CDP `encodedDataLength`). */
  bytes: number;
}

export interface Transfer {
  files: TransferredFile[];
  jsBytes: number;
  totalBytes: number;
  /** Live frames received on WebSockets (not in totalBytes: they keep coming as the market moves). */
  socketFrameBytes: number;
}

/**
 * Counts what Chromium actually received for a page, as the DevTools network panel does:
 * `Network.loadingFinished`'s `encodedDataLength` per request (compressed body plus headers), and
 * for a WebSocket its handshake response. Call before navigating; `stop()` returns the sums.
 */
export async function recordTransfer(
  page: Page,
): Promise<{ cdp: CDPSession; stop: () => Promise<Transfer> }> {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map<string, { url: string; type: string; encoding: string }>();
  const files: TransferredFile[] = [];
  let socketFrameBytes = 0;

  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', encoding: '' });
  });
  cdp.on('Network.responseReceived', (e) => {
    const known = requests.get(e.requestId);
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    if (known) known.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const known = requests.get(e.requestId);
    if (!known || known.url.startsWith('data:')) return;
    files.push({ ...known, bytes: e.encodedDataLength });
  });
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
    const url = requests.get(e.requestId)?.url ?? 'websocket';
    // The 101 response is only headers; count them as sent (status line + header lines).
    const headers = Object.entries(e.response.headers)
      .map(([k, v]) => `${k}: ${String(v)}\r\n`)
      .join('');
    const bytes =
      e.response.headersText?.length ?? `HTTP/1.1 101 Switching Protocols\r\n${headers}\r\n`.length;
    files.push({ url, type: 'WebSocket', encoding: '', bytes });
  });
  cdp.on('Network.webSocketCreated', (e) => {
    requests.set(e.requestId, { url: e.url, type: 'WebSocket', encoding: '' });
  });
  cdp.on('Network.webSocketFrameReceived', (e) => {
    socketFrameBytes += e.response.payloadData.length;
  });
  await cdp.send('Network.enable');
  // A first visit has no service worker: once one is installed it would answer from its cache.
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  // A cold visit: nothing from an earlier page of this browser may come from the cache.
  await cdp.send('Network.clearBrowserCache');

  return {
    cdp,
    stop: async () => {
      await cdp.send('Network.disable');
      const isJs = (f: TransferredFile) => f.type === 'Script' || /\.m?js(\?|$)/.test(f.url);
      return {
        files: [...files].sort((a, b) => b.bytes - a.bytes),
        jsBytes: files.filter(isJs).reduce((sum, f) => sum + f.bytes, 0),
        totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
        socketFrameBytes,
      };
    },
  };
}

/** Waits until no request has started or finished for `quietMs` (WebSocket frames aside). */
export async function networkQuiet(cdp: CDPSession, quietMs = 1000, timeoutMs = 60_000) {
  let last = Date.now();
  const touch = () => (last = Date.now());
  cdp.on('Network.requestWillBeSent', touch);
  cdp.on('Network.loadingFinished', touch);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error('the network did not go quiet');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    cdp.off('Network.requestWillBeSent', touch);
    cdp.off('Network.loadingFinished', touch);
  }
}
