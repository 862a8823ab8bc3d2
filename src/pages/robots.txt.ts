import type { APIRoute } from 'astro';
import { paths } from '../lib/paths.ts';

/** Written at build time so the sitemap's address follows the configured site URL. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /api/',
      'Disallow: /cms',
      '',
      `Sitemap: ${new URL(paths.sitemap, site)}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
