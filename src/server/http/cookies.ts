/**
 * The site's cookies: HttpOnly (page scripts never read them), SameSite=Lax (kept off cross-site
 * posts), Secure whenever the site is on HTTPS, each sent only to the paths that need it.
 */

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

/** A Set-Cookie value; a max age of 0 clears the cookie. */
export function cookie(
  request: Request,
  name: string,
  value: string,
  path: string,
  maxAgeSeconds: number,
): string {
  const attributes = [
    `${name}=${value}`,
    `Path=${path}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (isSecure(request)) attributes.push('Secure');
  return attributes.join('; ');
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}
