import type { Config } from '@netlify/functions';
import { exportCsv } from '../../src/server/admin/admin-lists.ts';
import { readListRequest } from '../../src/server/admin/admin-request.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { apiSecurityHeaders } from '../../src/server/http/responses.ts';

export default signedInEndpoint(
  ['GET'],
  async (request, visitor, context) => {
    const { collection, query } = readListRequest(request, context);
    const { filename, body } = await exportCsv(visitor, collection, query);
    return new Response(body, {
      headers: {
        ...apiSecurityHeaders,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
      },
    });
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/:collection.csv' };
