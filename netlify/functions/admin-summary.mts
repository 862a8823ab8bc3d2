import type { Config } from '@netlify/functions';
import { summariseCollections } from '../../src/server/admin/admin-lists.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['GET'],
  async (_request, visitor) => json(await summariseCollections(visitor)),
  {
    admin: true,
  },
);

export const config: Config = { path: '/api/admin/summary' };
