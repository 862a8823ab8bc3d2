import type { Config } from '@netlify/functions';
import { handOutFormToken } from '../../src/server/forms/form-token.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { apiSecurityHeaders, json } from '../../src/server/http/responses.ts';

// A transparent 1×1 GIF: what the form pages' pixel loads.
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * `GET /api/form-token`: the token the public forms post with (src/server/forms/form-token.ts), as
 * JSON for an island, or with `?as=image` as a pixel for a page without JavaScript; both set it as a
 * cookie too. Never cached: each visitor's is their own.
 */
export default endpoint(['GET'], async (request) => {
  const { token, readyInMs, setCookie } = await handOutFormToken(request);
  if (new URL(request.url).searchParams.get('as') === 'image') {
    return new Response(pixel, {
      headers: { 'content-type': 'image/gif', ...apiSecurityHeaders, 'set-cookie': setCookie },
    });
  }
  return json({ token, readyInMs }, 200, { 'set-cookie': setCookie });
});

export const config: Config = { path: '/api/form-token' };
