import type { Config } from '@netlify/functions';
import { readItemTarget } from '../../src/server/admin/admin-request.ts';
import { restoreFromTrash } from '../../src/server/admin/trash.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['POST'],
  async (_request, visitor, context) => {
    const { collection, id } = readItemTarget(context);
    return json(await restoreFromTrash(visitor, collection, id));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/:collection/:id/restore' };
