import type { Config } from '@netlify/functions';
import { listItems } from '../../src/server/admin/admin-service.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['GET'],
  async (request, visitor, context) =>
    json(await listItems(visitor, context.params.collection, new URL(request.url).searchParams)),
  { admin: true },
);

// The summary and the CSV export have functions of their own; `:collection` would match them too.
export const config: Config = {
  path: '/api/admin/:collection',
  excludedPath: ['/api/admin/summary', '/api/admin/:collection.csv'],
};
