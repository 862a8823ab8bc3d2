import sendBuyerEnquiry from '../../netlify/functions/buyer-enquiries.mts';
import { buyerEnquirySchema } from '../../src/features/buyer-enquiry/buyer-enquiry-contract.ts';
import { honeypotField } from '../../src/lib/public-forms.ts';
import {
  type Encoded,
  extraKey,
  formType,
  judgeBody,
  newMarker,
  type Post,
  sameSiteRequest,
} from '../support/bad-bodies.ts';
import { describeBadInput } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { caller } from '../support/public-form-contract.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against the buyer's enquiry, as bad-input.property.test.ts sends them to the
 * other public forms: a 4xx in the one error shape (or the form page without JavaScript), never a
 * 5xx, and nothing stored for a refusal; the schema is the oracle. The home asked about is left as it
 * is: whether a slug names a home for sale is the content's to say, which api/buyer-enquiries tests.
 */

const endpoint = '/api/buyer-enquiries';
const call = caller({ handler: sendBuyerEnquiry });
const marked = ['name', 'email', 'message'];

// A question, not a viewing: a viewing takes its slot once, so the second of the many bodies the
// mutations leave valid would be refused (409) for a reason the schema cannot know.
const validBody = (marker: string) => ({
  property: 'kovalam-cliff-villa',
  propertyKind: 'villas',
  intent: 'buying',
  name: `Probe ${marker}`,
  email: `probe+${marker}@example.com`,
  phone: '+971 50 123 4567',
  country: 'United Arab Emirates',
  budget: 'AED 400,000',
  homeLoan: 'no',
  payingFromAbroad: 'yes',
  viewingMode: '',
  slot: '',
  timeZone: 'Asia/Dubai',
  message: `We would like to see the terrace. ${marker}`,
});

async function countRows(marker: string): Promise<number> {
  const [row] = await ownerQuery<{ rows: number }>(
    `select count(*)::int as rows from public.buyer_enquiries
     where strpos(email, $1) > 0 or strpos(name, $1) > 0 or strpos(coalesce(message, ''), $1) > 0`,
    [marker],
  );
  return row?.rows ?? 0;
}

function accepted(sent: Encoded, marker: string) {
  if (sent.contentType !== formType) return { status: 201, changes: (rows: number) => rows + 1 };
  const decoded = new URLSearchParams(sent.body);
  const traceable = marked.some((field) => decoded.get(field)?.includes(marker));
  return { status: 303, location: '/buy/sent', changes: (rows: number) => rows + (traceable ? 1 : 0) };
}

describeBadInput({
  name: endpoint,
  schema: buyerEnquirySchema,
  fields: Object.keys(buyerEnquirySchema.shape).filter(
    (field) => field !== 'property' && field !== 'propertyKind',
  ),
  validBody,
  // The schema judges the fields; the home asked about is the content's to know. A mutation can rename
  // it, in the form's text (`property=0kovalam-cliff-villa` once did) or inside the JSON's string (an
  // `x` inserted in the slug did), and a name that is no home open to buyers is refused with 422 on its
  // field whatever the schema says of its spelling.
  judge: (sent: Encoded) => {
    const verdict = judgeBody(buyerEnquirySchema, sent);
    const asked = validBody('');
    if (
      'input' in verdict &&
      (verdict.input.property !== asked.property || verdict.input.propertyKind !== asked.propertyKind)
    )
      return { refused: 422, fields: { property: 'Choose a home that is for sale' } };
    return verdict;
  },
  prepare: async () => newMarker(),
  send: (request: Post) => call(sameSiteRequest(endpoint, request)),
  observe: countRows,
  accepted: (_input, sent, marker) => accepted(sent, marker),
  answersWithPage: (request) => request.contentType === formType,
  runs: propertyRuns(40),
  nul: { fields: ['name', 'message', 'country', 'budget'], runs: propertyRuns(15) },
  sendsForms: true,
  extraKeys: extraKey.filter((key) => key !== honeypotField),
  method: 'POST',
  idempotent: true,
  env: { FORM_RATE_LIMIT: '0', EMAIL_CAP_PER_HOUR: '0', EMAIL_CAP_PER_DAY: '0' },
});
