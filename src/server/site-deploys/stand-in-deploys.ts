import type { Deploy, SiteDeploys } from './site-deploys.ts';

/**
 * The stand-in for Netlify's deploys: the ones recorded here, newest first. `npm start` has none (it
 * rebuilds the site itself, /cms/rebuild); the tests record the deploys Netlify would make. Refused
 * in a production context (src/server/config.ts), where it would tell the office nothing true.
 */
const deploys: Deploy[] = [];

export const standInDeploys: SiteDeploys & { record(deploy: Deploy): void; forget(): void } = {
  async latest() {
    return [...deploys].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  },
  record(deploy) {
    deploys.push(deploy);
  },
  forget() {
    deploys.length = 0;
  },
};
