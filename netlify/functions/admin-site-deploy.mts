import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';
import { chooseSiteDeploys, readSaveDeploy, readSavedAt } from '../../src/server/site-deploys/index.ts';

/** The content editor on Netlify: how the deploy of its save stands, until it is live. */
export default signedInEndpoint(
  ['GET'],
  async (request) => json(await readSaveDeploy(chooseSiteDeploys(), readSavedAt(request))),
  { admin: true },
);

export const config: Config = { path: '/api/admin/site-deploy' };
