import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How the payment stand-in reads and answers HTTP, whichever provider's shape it speaks (Stripe's in
 * stand-in-server.ts, Razorpay's in razorpay-shape.ts): bodies as the providers cap them, JSON for
 * their APIs, and its hosted pages under a CSP of their own.
 */

const maxBodyBytes = 64 * 1024;

/** Text made safe to put in a hosted page's HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The whole body as text; past 64 KB, refused with what `tooLarge` makes (each shape's own 413). A body
 * too large is read no further: the stream is paused and the connection closes once the 413 is sent,
 * where Node would otherwise read (and throw away) whatever the client goes on sending.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, tooLarge: () => Error): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBodyBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', collect);
      req.pause();
      res.setHeader('connection', 'close');
      reject(tooLarge());
    };
    req.on('data', collect);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A hosted page: no script, no frames around it, and nothing cached. */
export function sendPage(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: after a post, the page sends the guest back to the site, another origin.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}
