import { Agent, createServer, type IncomingMessage, request, type Server } from 'node:http';

/**
 * Whether a request may reach the editor's local backend (decap-server), which reads and writes the
 * editor's folders for whoever reaches it. Listening on 127.0.0.1 keeps other machines
 * out, but not a web page in the operator's own browser: a site they visit could post to
 * 127.0.0.1:8081 and rewrite src/. So a request from a page must come from this checkout's own site
 * (an Origin on 127.0.0.1 or localhost at `sitePort`; another checkout's site on this machine has
 * another port, and gets no say over this working copy), and the Host must be 127.0.0.1 or localhost,
 * which a DNS-rebinding page cannot send. A request without Origin comes from a local program.
 */
export function mayReachCmsBackend(headers: IncomingMessage['headers'], sitePort: number): boolean {
  const local = (hostname: string) =>
    hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  // Matched whole, never parsed: `evil.example@127.0.0.1` is no Host a browser sends, and one that is
  // no URL at all must be refused, not throw in the server.
  if (!/^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/.test(headers.host ?? '')) return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    // A browser sends an Origin as scheme, host and port alone; anything more is not a browser's.
    return (
      url.origin === origin &&
      url.protocol === 'http:' &&
      local(url.hostname) &&
      Number(url.port || 80) === sitePort
    );
  } catch {
    return false;
  }
}

/** Headers that describe one connection, not the request: a proxy never passes them on (RFC 9110, 7.6.1). */
const hopByHop = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

function withoutHopByHop(headers: IncomingMessage['headers']): IncomingMessage['headers'] {
  const named = new Set([
    ...hopByHop,
    ...String(headers.connection ?? '')
      .toLowerCase()
      .split(/\s*,\s*/),
  ]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !named.has(name)));
}

/** A proxy on `port` (127.0.0.1) that passes what may reach the backend to it, on the Unix socket `backendSocket`. */
export function startCmsBackendGuard(port: number, backendSocket: string, sitePort: number): Promise<Server> {
  // Connections to the backend stay open between requests: one it closes right after answering (the
  // client's `Connection: close`, passed on) fails the request's last write (EPIPE) before its answer is read.
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, answer) => {
    if (!mayReachCmsBackend(incoming.headers, sitePort)) {
      answer
        .writeHead(403, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ error: 'Only this site’s own editor page may use its local backend.' }));
      return;
    }
    const forwarded = request(
      {
        socketPath: backendSocket,
        agent,
        method: incoming.method,
        path: incoming.url,
        headers: withoutHopByHop(incoming.headers),
      },
      (backend) => {
        answer.writeHead(backend.statusCode ?? 502, withoutHopByHop(backend.headers));
        backend.pipe(answer);
      },
    );
    forwarded.on('error', () => {
      if (!answer.headersSent) answer.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      answer.end(JSON.stringify({ error: 'The content editor’s local backend is not answering.' }));
    });
    incoming.pipe(forwarded);
  });
  server.on('close', () => agent.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
