import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import sendCareerApplication from '../../netlify/functions/career-applications.mts';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import sendPartnerEnquiry from '../../netlify/functions/partner-enquiries.mts';
import { careerApplicationSchema } from '../../src/features/career-application/career-application-contract.ts';
import { contactMessageSchema } from '../../src/features/contact-message/contact-message-contract.ts';
import { partnerEnquirySchema } from '../../src/features/partner-enquiry/partner-enquiry-contract.ts';
import { honeypotField } from '../../src/lib/public-forms.ts';
import {
  type Encoded,
  encodeBody,
  escapeHtml,
  extraKey,
  formType,
  newMarker,
  type Post,
  sameSiteRequest,
  scriptPayload,
} from '../support/bad-bodies.ts';
import { describeBadInput, withEnv } from '../support/describe-bad-input.ts';
import { propertyRuns } from '../support/property-runs.ts';
import { caller } from '../support/public-form-contract.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Generated bad requests against every public form: each answer is a 4xx in the API's one error shape
 * (or the form page again, for a no-JavaScript post), never a 5xx, and a refused request stores nothing.
 * Where a generated body might still be valid, the form's own schema is the oracle: what it accepts
 * must be stored once (201, or 303 without JavaScript).
 */

type FormUnderTest = {
  endpoint: string;
  handler: (request: Request, context: Context) => Promise<Response>;
  schema: z.ZodObject;
  table: string;
  /** A free-text field and its column, which carry the request's marker besides name and email. */
  textField: string;
  textColumn: string;
  sentPath: string;
  /** A body the form accepts, with `marker` in its name, email and free text. */
  validBody: (marker: string) => Record<string, string>;
};

const forms: FormUnderTest[] = [
  {
    endpoint: '/api/contact-messages',
    handler: sendContactMessage,
    schema: contactMessageSchema,
    table: 'contact_messages',
    textField: 'message',
    textColumn: 'message',
    sentPath: '/contact/sent',
    validBody: (marker) => ({
      name: `Probe ${marker}`,
      email: `probe+${marker}@example.com`,
      phone: '+91 98470 12345',
      message: `Is the cliff villa free in March? ${marker}`,
    }),
  },
  {
    endpoint: '/api/career-applications',
    handler: sendCareerApplication,
    schema: careerApplicationSchema,
    table: 'career_applications',
    textField: 'qualification',
    textColumn: 'qualification',
    sentPath: '/careers/sent',
    validBody: (marker) => ({
      name: `Probe ${marker}`,
      email: `probe+${marker}@example.com`,
      phone: '+91 94470 23456',
      qualification: `B.Arch, 2019, ${marker}`,
      position: 'architect',
      coverNote: `Five years designing homes in Thrissur. ${marker}`,
    }),
  },
  {
    endpoint: '/api/partner-enquiries',
    handler: sendPartnerEnquiry,
    schema: partnerEnquirySchema,
    table: 'partner_enquiries',
    textField: 'message',
    textColumn: 'message',
    sentPath: '/partner/sent',
    validBody: (marker) => ({
      name: `Probe ${marker}`,
      email: `probe+${marker}@example.com`,
      phone: '+44 7700 900123',
      message: `A four-bedroom villa on the lake at Kumarakom. ${marker}`,
    }),
  },
];

// A few generated requests are large.
const numRuns = propertyRuns(60);

/** How many rows carry `marker` in any of the fields a generated request leaves intact. */
async function countRows(form: FormUnderTest, marker: string): Promise<number> {
  const [row] = await ownerQuery<{ rows: number }>(
    `select count(*)::int as rows from public.${form.table}
     where strpos(email, $1) > 0 or strpos(name, $1) > 0 or strpos(${form.textColumn}, $1) > 0`,
    [marker],
  );
  return row?.rows ?? 0;
}

const post = (form: FormUnderTest, request: Post) => sameSiteRequest(form.endpoint, request);

/**
 * What a form answers a body its schema accepts: 201, or 303 to its sent page without JavaScript. The
 * row is counted unless a malformed no-JavaScript post left the marker in none of its marked fields.
 */
function accepted(form: FormUnderTest, sent: Encoded, marker: string) {
  if (sent.contentType !== formType) return { status: 201, changes: (rows: number) => rows + 1 };
  const decoded = new URLSearchParams(sent.body);
  const traceable = ['name', 'email', form.textField].some((field) => decoded.get(field)?.includes(marker));
  return { status: 303, location: form.sentPath, changes: (rows: number) => rows + (traceable ? 1 : 0) };
}

for (const form of forms) {
  const call = caller(form);
  describeBadInput({
    name: form.endpoint,
    schema: form.schema,
    validBody: form.validBody,
    send: (request) => call(post(form, request)),
    observe: (marker) => countRows(form, marker),
    accepted: (_input, sent, marker) => accepted(form, sent, marker),
    answersWithPage: (request) => request.contentType === formType,
    runs: numRuns,
    nul: { fields: ['name', form.textField], runs: propertyRuns(20) },
    sendsForms: true,
    // The honeypot is the one extra key with a meaning (a fake success); the form contract tests it.
    extraKeys: extraKey.filter((key) => key !== honeypotField),
    method: 'POST',
    idempotent: true,
    env: { FORM_RATE_LIMIT: '0' },
  });
}

describe.each(forms)('a script-like name sent to $endpoint', (form) => {
  const call = caller(form);
  withEnv('FORM_RATE_LIMIT', '0');

  it('stores a script-like name verbatim, and the no-JavaScript error page shows it escaped', async () => {
    await fc.assert(
      fc.asyncProperty(scriptPayload, async (name) => {
        const marker = newMarker();
        const body: Record<string, string> = { ...form.validBody(marker), name };
        expect(form.schema.safeParse(body).success).toBe(true);
        const stored = await call(post(form, encodeBody(body, false)));
        expect(stored.status).toBe(201);
        const rows = await ownerQuery<{ name: string }>(
          `select name from public.${form.table} where email = $1`,
          [body.email],
        );
        expect(rows).toEqual([{ name }]);

        const refused = await call(
          post(form, encodeBody({ ...body, email: `not-an-email ${marker}` }, true)),
        );
        expect(refused.status).toBe(422);
        const html = await refused.text();
        expect(html).toContain(escapeHtml(name));
        if (/[<>"']/.test(name)) expect(html).not.toContain(name);
      }),
      { numRuns: 30 },
    );
  });
});
