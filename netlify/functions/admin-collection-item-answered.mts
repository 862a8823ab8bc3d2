import type { Config } from '@netlify/functions';
import { markItemAnswered } from '../../src/server/admin/admin-items.ts';
import { readAnswerTarget } from '../../src/server/admin/admin-request.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';

/** A form row marked answered by the signed-in admin (PUT), or not answered again (DELETE). */
export default signedInEndpoint(
  ['PUT', 'DELETE'],
  async (request, visitor, context) => {
    const { collection, id } = readAnswerTarget(context);
    return json(await markItemAnswered(visitor, collection, id, request.method === 'PUT'));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/:collection/:id/answered' };
