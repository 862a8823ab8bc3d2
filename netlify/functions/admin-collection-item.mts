import type { Config } from '@netlify/functions';
import { changeStatus, moveToTrash, showItem } from '../../src/server/admin/admin-service.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['GET', 'PATCH', 'DELETE'],
  async (request, visitor, { params }) => {
    if (request.method === 'GET') return json(await showItem(visitor, params.collection, params.id));
    if (request.method === 'DELETE') return json(await moveToTrash(visitor, params.collection, params.id));
    const body = await readBody(request);
    return json(await changeStatus(visitor, params.collection, params.id, body.value));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/:collection/:id' };
