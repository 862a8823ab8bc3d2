import { siteUrl } from '../config.ts';
import { clientKey } from './client-key.ts';
import { HttpError } from './responses.ts';

export type ParsedBody =
  | { format: 'json'; value: unknown }
  | { format: 'form'; value: Record<string, string> };

export const maxBodyBytes = 64 * 1024;

/** Reads at most `limit` bytes, so a huge or endless body is refused without being held in memory. */
async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'bad_request', 'The request body is not valid UTF-8 text.');
  }
}

export function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The request body is larger than ${limit / 1024} KB.`);
}

/** Parses a JSON or form-encoded body; anything else is 415, malformed JSON 400. */
export async function readBody(request: Request, limit = maxBodyBytes): Promise<ParsedBody> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') {
    const text = await readLimited(request, limit);
    try {
      return { format: 'json', value: JSON.parse(text) };
    } catch {
      throw new HttpError(400, 'bad_request', 'The request body is not valid JSON.');
    }
  }
  if (type === 'application/x-www-form-urlencoded') {
    const params = new URLSearchParams(await readLimited(request, limit));
    const value: Record<string, string> = {};
    for (const [key, entry] of params) value[key] ??= entry;
    return { format: 'form', value };
  }
  throw new HttpError(
    415,
    'unsupported_media_type',
    'Send application/json or a form (application/x-www-form-urlencoded).',
  );
}

/**
 * Refuses state-changing requests a browser sent from another site. Browsers send Origin (and
 * Sec-Fetch-Site) on every cross-origin POST; a request without either did not come from a page.
 * The Origin is compared with the site's configured addresses only: the Host, X-Forwarded-Host and the
 * request's own URL are chosen by whoever sends it, so a check against them would admit any origin.
 */
export function refuseCrossOrigin(request: Request, allowedOrigins: string[] = siteOrigins()): void {
  const allowed = new Set(allowedOrigins);
  const origin = request.headers.get('origin');
  const fetchSite = request.headers.get('sec-fetch-site');
  if ((origin !== null && !allowed.has(origin)) || fetchSite === 'cross-site') {
    throw new HttpError(403, 'forbidden', 'Requests from other sites are not accepted.');
  }
}

/**
 * Who the visitor is for rate limits and idempotency: `context.ip`, which Netlify takes from the
 * connection (its edge replaces whatever a client sends; scripts/serve.ts does the same locally), as
 * `clientKey` groups it (an IPv6 client by its /64, an IPv4-mapped one as its IPv4 address). Never a
 * request header, which the client writes.
 */
export function clientAddress(context?: { ip?: string }): string {
  return clientKey(context?.ip);
}

export function allowMethods(request: Request, methods: string[]): void {
  if (!methods.includes(request.method)) {
    throw new HttpError(405, 'method_not_allowed', `Use ${methods.join(' or ')} here.`, undefined, {
      allow: methods.join(', '),
    });
  }
}

/**
 * The site's configured addresses, the only origins accepted: SITE_URL, and the URL and
 * DEPLOY_PRIME_URL Netlify sets (`npm start` sets URL to its own address). With none set, the one
 * address links in emails use (`siteUrl`).
 */
export function siteOrigins(environment: NodeJS.ProcessEnv = process.env): string[] {
  const configured = [environment.SITE_URL, environment.URL, environment.DEPLOY_PRIME_URL]
    .map((value) => value?.trim())
    .filter((value): value is string => Boolean(value))
    .map((value) => new URL(value).origin);
  return configured.length > 0 ? [...new Set(configured)] : [siteUrl(environment)];
}
