import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import sendCareerApplication from '../../netlify/functions/career-applications.mts';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import sendPartnerEnquiry from '../../netlify/functions/partner-enquiries.mts';
import { careerApplicationSchema } from '../../src/features/career-application/career-application-contract.ts';
import { contactMessageSchema } from '../../src/features/contact-form/contact-message-contract.ts';
import { partnerEnquirySchema } from '../../src/features/partner-enquiry/partner-enquiry-contract.ts';
import { honeypotField } from '../../src/lib/public-forms.ts';
import {
  badIdempotencyKey,
  changedJson,
  type Encoded,
  encodeBody,
  encoder,
  escapeHtml,
  expectAnswer,
  extraFields,
  extraKey,
  fieldChanges,
  formBody,
  formMutations,
  formText,
  formType,
  invalidUtf8,
  jsonBody,
  judgeBody,
  mutateFormText,
  newMarker,
  nulInsertion,
  otherContentType,
  oversize,
  oversizeBody,
  type Post,
  sameSiteRequest,
  scriptPayload,
  wholeBody,
  wholeBodyText,
  withBytes,
  withNul,
} from '../support/bad-bodies.ts';
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

// A few generated requests are large; fewer runs keep the whole file well under half a minute.
const numRuns = 60;

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
 * Checks one answer against the status the oracle expects: 4xx answers in the error shape (JSON) or as
 * the form page (HTML, for any refused no-JavaScript post but a 415), and the rows stored: one for
 * an accepted request, none for a refused one.
 */
async function expectStored(
  form: FormUnderTest,
  response: Response,
  expected: number,
  marker: string,
  answerAs: 'json' | 'html' = 'json',
  /** False when the mutations removed the marker from every field, so the row cannot be found by it. */
  traceable = true,
) {
  if (answerAs === 'json') await expectAnswer(response, expected);
  else {
    const text = await response.text();
    expect(response.status, `answered ${response.status}: ${text.slice(0, 300)}`).toBe(expected);
    if (expected >= 400) expect(response.headers.get('content-type')).toContain('text/html');
  }
  if (expected === 303) expect(response.headers.get('location')).toBe(form.sentPath);
  if (traceable) expect(await countRows(form, marker)).toBe(expected < 400 ? 1 : 0);
}

/** What the function must answer a body: the refusal the oracle calls for, 201, or 303 without JavaScript. */
function expectedFor(form: FormUnderTest, sent: Encoded): number {
  const verdict = judgeBody(form.schema, sent);
  if ('refused' in verdict) return verdict.refused;
  return sent.contentType === formType ? 303 : 201;
}

/** A refused no-JavaScript post gets the form page again; anything else, JSON. */
const answerAs = (contentType?: string) => (contentType === formType ? 'html' : 'json');

describe.each(forms)('bad input to $endpoint (property-based)', (form) => {
  const call = caller(form);
  const fields = Object.keys(form.schema.shape);
  let rateLimit: string | undefined;

  // Every generated request is judged on its body; the rate limit is the contract test's concern.
  beforeAll(() => {
    rateLimit = process.env.FORM_RATE_LIMIT;
    process.env.FORM_RATE_LIMIT = '0';
  });
  afterAll(() => {
    if (rateLimit === undefined) delete process.env.FORM_RATE_LIMIT;
    else process.env.FORM_RATE_LIMIT = rateLimit;
  });

  // U+0000 is the one character PostgreSQL's text cannot hold: it must be refused or dropped before the insert.
  it('answers a NUL character in a text field as the schema says (stored, or refused with 4xx), never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(nulInsertion(['name', form.textField]), fc.boolean(), async (nul, asForm) => {
        const marker = newMarker();
        const sent = encodeBody(withNul(form.validBody(marker), nul), asForm);
        const response = await call(post(form, sent));
        await expectStored(form, response, expectedFor(form, sent), marker, answerAs(sent.contentType));
      }),
      { numRuns: 20 },
    );
  });

  it('answers JSON bodies with missing, mistyped, awkward, huge, deep and extra fields as the schema says', async () => {
    // The honeypot is the one extra key with a meaning (a fake success); the form contract tests it.
    const extras = extraFields(
      fields,
      extraKey.filter((key) => key !== honeypotField),
    );
    await fc.assert(
      fc.asyncProperty(fieldChanges(fields), extras, async (changes, extra) => {
        const marker = newMarker();
        // At most two of the marked fields change, so the marker survives in a stored row.
        const sent = jsonBody(changedJson(form.validBody(marker), changes, extra, marker));
        const response = await call(post(form, sent));
        await expectStored(form, response, expectedFor(form, sent), marker);
      }),
      { numRuns },
    );
  });

  it('answers whole bodies that are not one object of fields: malformed, scalars, wrapped, deep', async () => {
    await fc.assert(
      fc.asyncProperty(wholeBody, async (shape) => {
        const marker = newMarker();
        const sent = jsonBody(wholeBodyText(shape, form.validBody(marker)));
        const response = await call(post(form, sent));
        // An insertion inside a string can leave a valid body; the schema says so, and it is stored.
        await expectStored(form, response, expectedFor(form, sent), marker);
      }),
      { numRuns },
    );
  });

  it('refuses bodies with invalid UTF-8 bytes with 400, JSON or form-encoded', async () => {
    await fc.assert(
      fc.asyncProperty(invalidUtf8, fc.nat(), fc.boolean(), async (bytes, at, asForm) => {
        const marker = newMarker();
        const sent = withBytes(encodeBody(form.validBody(marker), asForm), bytes, at);
        const response = await call(post(form, sent));
        await expectStored(form, response, 400, marker, answerAs(sent.contentType));
      }),
      { numRuns },
    );
  });

  it('refuses a valid body under a wrong or missing content type with 415', async () => {
    await fc.assert(
      fc.asyncProperty(otherContentType, fc.boolean(), async (contentType, asForm) => {
        const marker = newMarker();
        const { body } = encodeBody(form.validBody(marker), asForm);
        const response = await call(post(form, { body: encoder.encode(body), contentType }));
        await expectStored(form, response, 415, marker);
      }),
      { numRuns },
    );
  });

  it('refuses bodies over the limit with 413, whether sized, streamed, endless or declared falsely', async () => {
    await fc.assert(
      fc.asyncProperty(oversize, async (shape) => {
        const marker = newMarker();
        const sent = oversizeBody(shape, form.validBody(marker));
        const response = await call(post(form, sent));
        await expectStored(form, response, 413, marker, answerAs(sent.contentType));
      }),
      { numRuns },
    );
  });

  it('answers malformed no-JavaScript posts with the form page (422) or, when the schema accepts them, 303', async () => {
    await fc.assert(
      fc.asyncProperty(formMutations(fields), async (mutations) => {
        const marker = newMarker();
        const sent = formBody(mutations.reduce(mutateFormText, formText(form.validBody(marker))));
        const response = await call(post(form, sent));
        const decoded = new URLSearchParams(sent.body);
        const traceable = ['name', 'email', form.textField].some((field) =>
          decoded.get(field)?.includes(marker),
        );
        await expectStored(form, response, expectedFor(form, sent), marker, 'html', traceable);
      }),
      { numRuns },
    );
  });

  it('refuses a malformed Idempotency-Key with 400 before storing anything', async () => {
    await fc.assert(
      fc.asyncProperty(badIdempotencyKey, fc.boolean(), async (keys, asForm) => {
        const marker = newMarker();
        const sent = encodeBody(form.validBody(marker), asForm);
        const headers = keys.map((key): [string, string] => ['idempotency-key', key]);
        const response = await call(post(form, { ...sent, headers }));
        await expectStored(form, response, 400, marker, answerAs(sent.contentType));
      }),
      { numRuns },
    );
  });

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
