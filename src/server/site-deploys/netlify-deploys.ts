import { NetlifyAPI } from '@netlify/api';
import type { Deploy, SiteDeploys } from './site-deploys.ts';

/**
 * The site's deploys from Netlify's API, with its official client: the latest few, which hold the
 * deploy of any save the editor waits for. `siteId` is Netlify's own SITE_ID; the token a personal
 * access token of an account on the site's team (NETLIFY_DEPLOYS_TOKEN), read only.
 */
export function netlifyDeploys(settings: { siteId: string; token: string }): SiteDeploys {
  const client = new NetlifyAPI(settings.token, { userAgent: 'kayal-villas-editor' });
  return {
    async latest() {
      const deploys = (await client.listSiteDeploys({ site_id: settings.siteId, per_page: 10 })) as {
        state?: string;
        created_at?: string;
        published_at?: string | null;
        error_message?: string | null;
      }[];
      return deploys.map(
        (deploy): Deploy => ({
          state: deploy.state ?? 'new',
          createdAt: deploy.created_at ?? new Date(0).toISOString(),
          ...(deploy.published_at ? { publishedAt: deploy.published_at } : {}),
          ...(deploy.error_message ? { errorMessage: deploy.error_message } : {}),
        }),
      );
    },
  };
}
