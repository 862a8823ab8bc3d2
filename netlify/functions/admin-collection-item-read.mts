import type { Config } from '@netlify/functions';
import { markItemRead } from '../../src/server/admin/admin-service.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['POST'],
  async (_request, visitor, { params }) => json(await markItemRead(visitor, params.collection, params.id)),
  { admin: true },
);

export const config: Config = { path: '/api/admin/:collection/:id/read' };
