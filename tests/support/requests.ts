import { formTokenCookie, readFormTokenKey, signFormToken } from '../../src/server/forms/form-token.ts';

/** Builders for requests as a browser on the site itself would send them. */
export const siteOrigin = 'http://localhost:8888';

export function jsonPost(pathname: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(new URL(pathname, siteOrigin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteOrigin, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function formPost(
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Request {
  return new Request(new URL(pathname, siteOrigin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteOrigin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A different client address for each test, so one test's rate-limit hits never count against another. */
export function uniqueClient(): { ip: string } {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { ip: `10.${n()}.${n()}.${n()}` };
}

/** A form token of ours handed out `ageSeconds` ago (by default a minute: a person has filled the form in). */
export async function formToken(ageSeconds = 60): Promise<string> {
  return signFormToken(await readFormTokenKey(), Date.now() - ageSeconds * 1000);
}

/**
 * The request with the form token cookie a person's browser would send, added to its cookies. With no
 * database to read the key from, the request goes as it is (the function answers 503 all the same).
 */
export async function withReadyFormToken(request: Request): Promise<Request> {
  const token = await formToken().catch(() => undefined);
  if (!token) return request;
  const headers = new Headers(request.headers);
  const cookies = [headers.get('cookie'), `${formTokenCookie}=${token}`].filter(Boolean).join('; ');
  headers.set('cookie', cookies);
  return new Request(request, { headers });
}
