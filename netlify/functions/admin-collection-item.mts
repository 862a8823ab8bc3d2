import type { Config } from '@netlify/functions';
import { changeItemStatus, showItem } from '../../src/server/admin/admin-items.ts';
import { readItemTarget, readStatusChange } from '../../src/server/admin/admin-request.ts';
import { moveToTrash } from '../../src/server/admin/trash.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['GET', 'PATCH', 'DELETE'],
  async (request, visitor, context) => {
    if (request.method === 'PATCH') {
      const body = await readBody(request);
      const { collection, id, move } = readStatusChange(context, body.value);
      return json(await changeItemStatus(visitor, collection, id, move));
    }
    const { collection, id } = readItemTarget(context);
    if (request.method === 'DELETE') return json(await moveToTrash(visitor, collection, id));
    return json(await showItem(visitor, collection, id));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/:collection/:id' };
