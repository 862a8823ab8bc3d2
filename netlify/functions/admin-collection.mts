import type { Config } from '@netlify/functions';
import { listItems } from '../../src/server/admin/admin-lists.ts';
import { readListRequest } from '../../src/server/admin/admin-request.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['GET'],
  async (request, visitor, context) => {
    const { collection, query } = readListRequest(request, context);
    return json(await listItems(visitor, collection, query));
  },
  { admin: true },
);

// The summary, the occupancy calendar, the balances due and the CSV export have functions of their own;
// `:collection` would match them too.
export const config: Config = {
  path: '/api/admin/:collection',
  excludedPath: [
    '/api/admin/summary',
    '/api/admin/occupancy',
    '/api/admin/balances-due',
    '/api/admin/:collection.csv',
  ],
};
