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
