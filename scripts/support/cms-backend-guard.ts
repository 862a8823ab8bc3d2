import { createServer, type IncomingMessage, request, type Server } from 'node:http';

/**
 * Whether a request may reach decap-server, which writes any file of the working copy for whoever
 * reaches it and answers every origin's CORS preflight. Listening on 127.0.0.1 keeps other machines
 * out, but not a web page in the operator's own browser: a site they visit could post to
 * 127.0.0.1:8081 and rewrite src/. So a request from a page must come from this checkout's own site
 * (an Origin on 127.0.0.1 or localhost at `sitePort`; another checkout's site on this machine has
 * another port, and gets no say over this working copy), and the Host must be 127.0.0.1 or localhost,
 * which a DNS-rebinding page cannot send. A request without Origin comes from a local program.
 */
export function mayReachCmsBackend(headers: IncomingMessage['headers'], sitePort: number): boolean {
  const local = (hostname: string) =>
    hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  const host = headers.host;
  if (!host || !local(new URL(`http://${host}`).hostname)) return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    const { protocol, hostname, port } = new URL(origin);
    return protocol === 'http:' && local(hostname) && Number(port || 80) === sitePort;
  } catch {
    return false;
  }
}

/** A proxy on `port` (127.0.0.1) that passes to decap-server on `backendPort` what may reach it. */
export function startCmsBackendGuard(port: number, backendPort: number, sitePort: number): Promise<Server> {
  const server = createServer((incoming, answer) => {
    if (!mayReachCmsBackend(incoming.headers, sitePort)) {
      answer
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('Only this site’s own editor page may use its local backend.\n');
      return;
    }
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: backendPort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (backend) => {
        answer.writeHead(backend.statusCode ?? 502, backend.headers);
        backend.pipe(answer);
      },
    );
    forwarded.on('error', () => {
      if (!answer.headersSent) answer.writeHead(502, { 'content-type': 'text/plain' });
      answer.end('The content editor’s local backend is not answering.\n');
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
