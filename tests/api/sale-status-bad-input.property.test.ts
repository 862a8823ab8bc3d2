import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import * as saleStatusFunction from '../../netlify/functions/admin-buyer-enquiry-sale-status.mts';
import { saleStatusMarkSchema } from '../../src/features/buyer-enquiry/sale-status-contract.ts';
import { adminSaleStatusRoute } from '../../src/lib/api-contract.ts';
import { type Admin, invoke, signedInAdmin } from '../support/admins.ts';
import { type Post, sameSiteRequest } from '../support/bad-bodies.ts';
import { describeBadInput } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against marking a sold enquiry's home sold on the site: every answer is a 4xx
 * in the API's one error shape (or the 200 of `sold`, the one status a sold enquiry gives), never a
 * 5xx, and a refused request writes nothing: no content write recorded. The contract's schema is the
 * oracle. Each request aims at an enquiry of its own and the home's file afresh from the checkout, in
 * a throwaway working copy; the harness posts, the endpoint takes the status by PUT.
 */

const checkout = path.resolve(import.meta.dirname, '../..');
const home = 'kovalam-samudra-villa';
const homeFile = `src/content/villas/${home}.md`;
let workingCopy = '';
let admin: Admin;

beforeAll(async () => {
  workingCopy = await mkdtemp(path.join(tmpdir(), 'kayal-sale-status-bad-input-'));
  await cp(path.join(checkout, 'src/content'), path.join(workingCopy, 'src/content'), { recursive: true });
  process.env.CMS_WORKING_COPY = workingCopy;
  admin = await signedInAdmin();
});
afterAll(() => rm(workingCopy, { recursive: true, force: true }));

const countWrites = async (enquiryId: string) => {
  const [row] = await ownerQuery<{ rows: number }>(
    'select count(*)::int as rows from sale_status_writes where buyer_enquiry_id = $1',
    [enquiryId],
  );
  return row?.rows ?? 0;
};

describeBadInput({
  name: 'PUT /api/admin/buyer-enquiries/:id/sale-status',
  schema: saleStatusMarkSchema,
  validBody: () => ({ saleStatus: 'sold' }),
  prepare: async () => {
    // The file as the checkout has it (for sale), so every accepted request changes it.
    await cp(path.join(checkout, homeFile), path.join(workingCopy, homeFile));
    const [row] = await ownerQuery<{ id: string }>(
      `insert into buyer_enquiries (property, property_kind, intent, name, email, phone, country, budget,
         home_loan, paying_from_abroad, time_zone, stage)
       values ($1, 'villas', 'buying', 'Bad Input', 'bad-input@example.com', '+44 7700 900123', 'UK',
         '₹2 crore', false, true, 'Europe/London', 'sold') returning id`,
      [home],
    );
    return row?.id as string;
  },
  send: (request: Post, enquiryId) =>
    invoke(
      saleStatusFunction,
      sameSiteRequest(adminSaleStatusRoute(enquiryId), {
        ...request,
        method: (request.method ?? 'POST') === 'POST' ? 'PUT' : request.method,
        headers: [...(request.headers ?? []), ['cookie', admin.cookie]],
      }),
    ),
  observe: countWrites,
  // Any status the content schema knows passes the schema; a sold enquiry's stage gives only `sold`.
  accepted: (input) =>
    input.saleStatus === 'sold' ? { status: 200, changes: (writes: number) => writes + 1 } : { status: 409 },
  runs: propertyRuns(20),
  nul: { fields: ['saleStatus'], runs: propertyRuns(10) },
  sendsForms: false,
});
