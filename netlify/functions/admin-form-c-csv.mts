import type { Config } from '@netlify/functions';
import { formCColumns } from '../../src/features/booking/guest-list-contract.ts';
import { byteOrderMark, csvRecord } from '../../src/server/admin/csv.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { exportFormC, readFormCDay } from '../../src/server/booking/guests/guest-list-service.ts';
import { apiSecurityHeaders } from '../../src/server/http/responses.ts';

/**
 * The Form C details of the foreign guests arriving on `?day=` (Kerala's today when left out) as a CSV
 * file, a row a guest; each booking read is recorded.
 */
export default signedInEndpoint(
  ['GET'],
  async (request, visitor) => {
    const day = readFormCDay(request);
    const rows = await exportFormC(visitor, day, 'form_c_csv');
    const body =
      byteOrderMark +
      csvRecord(formCColumns.map(([, heading]) => heading)) +
      rows.map((row) => csvRecord(formCColumns.map(([key]) => row[key]))).join('');
    return new Response(body, {
      headers: {
        ...apiSecurityHeaders,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="form-c-${day}.csv"`,
      },
    });
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-form-c.csv' };
