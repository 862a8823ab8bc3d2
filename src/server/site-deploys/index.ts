import { readSiteDeploys } from '../config.ts';
import { netlifyDeploys } from './netlify-deploys.ts';
import type { SiteDeploys } from './site-deploys.ts';
import { standInDeploys } from './stand-in-deploys.ts';

export { type Deploy, describeDeploySince, type SiteDeploys } from './site-deploys.ts';
export { standInDeploys } from './stand-in-deploys.ts';

/** The deploys the configuration names: Netlify's with NETLIFY_DEPLOYS_TOKEN and SITE_ID, else the stand-in. */
export function chooseSiteDeploys(environment: NodeJS.ProcessEnv = process.env): SiteDeploys {
  const settings = readSiteDeploys(environment);
  return settings.kind === 'netlify' ? netlifyDeploys(settings) : standInDeploys;
}
export { readSaveDeploy, readSavedAt } from './deploy-request.ts';
