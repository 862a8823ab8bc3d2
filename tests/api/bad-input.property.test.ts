import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import sendCareerApplication from '../../netlify/functions/career-applications.mts';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import sendPartnerEnquiry from '../../netlify/functions/partner-enquiries.mts';
import { careerApplicationSchema } from '../../src/features/career-application/career-application-schema.ts';
import { contactMessageSchema } from '../../src/features/contact-form/contact-message-schema.ts';
import { honeypotField } from '../../src/features/forms/honeypot.ts';
import { partnerEnquirySchema } from '../../src/features/partner-enquiry/partner-enquiry-schema.ts';
import { maxBodyBytes } from '../../src/server/http/request.ts';
import { caller } from '../support/public-form-contract.ts';
import { siteOrigin } from '../support/requests.ts';
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

/** The API's one error shape, and nothing more. */
const errorShape = z.strictObject({
  error: z.strictObject({
    code: z.string().min(1),
    message: z.string().min(1),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

// A few generated requests are large; fewer runs keep the whole file well under half a minute.
const numRuns = 60;
const encoder = new TextEncoder();

/** A marker no other request, test or run shares: the rows that carry it are this request's own. */
const newMarker = () => crypto.randomUUID();

/** How many rows carry `marker` in any of the fields a generated request leaves intact. */
async function countRows(form: FormUnderTest, marker: string): Promise<number> {
  const [row] = await ownerQuery<{ rows: number }>(
    `select count(*)::int as rows from public.${form.table}
     where strpos(email, $1) > 0 or strpos(name, $1) > 0 or strpos(${form.textColumn}, $1) > 0`,
    [marker],
  );
  return row?.rows ?? 0;
}

type Post = {
  body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>;
  /** Undefined sends no Content-Type at all (a string body would otherwise get text/plain). */
  contentType?: string | undefined;
  headers?: [string, string][];
};

function post(form: FormUnderTest, { body, contentType, headers = [] }: Post): Request {
  const sent = new Headers({ origin: siteOrigin });
  if (contentType !== undefined) sent.set('content-type', contentType);
  for (const [name, value] of headers) sent.append(name, value);
  const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers: sent, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return new Request(new URL(form.endpoint, siteOrigin), init);
}

/**
 * Checks one answer against the status the oracle expects: 4xx answers in the error shape (JSON) or as
 * the form page (HTML, for any refused no-JavaScript post but a 415), and the rows stored: one for
 * an accepted request, none for a refused one.
 */
async function expectAnswer(
  form: FormUnderTest,
  response: Response,
  expected: number,
  marker: string,
  answerAs: 'json' | 'html' = 'json',
  /** False when the mutations removed the marker from every field, so the row cannot be found by it. */
  traceable = true,
) {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  expect(response.status, `answered ${response.status}: ${text.slice(0, 300)}`).toBe(expected);
  if (expected >= 400) {
    if (answerAs === 'html') {
      expect(type).toContain('text/html');
    } else {
      expect(type).toContain('application/json');
      const shape = errorShape.safeParse(JSON.parse(text));
      expect(shape.success, `not the error shape: ${text.slice(0, 300)}`).toBe(true);
    }
  }
  if (expected === 303) expect(response.headers.get('location')).toBe(form.sentPath);
  if (traceable) expect(await countRows(form, marker)).toBe(expected < 400 ? 1 : 0);
}

// A UTF-8 decoder drops one leading byte order mark (WHATWG Encoding), so the body never includes it.
const withoutBom = (text: string) => text.replace(/^\ufeff/, '');

/** What the function must answer for a JSON body, by the body limit, JSON itself and the form's schema. */
function expectedForJson(form: FormUnderTest, text: string): number {
  if (encoder.encode(text).byteLength > maxBodyBytes) return 413;
  let value: unknown;
  try {
    value = JSON.parse(withoutBom(text));
  } catch {
    return 400;
  }
  return form.schema.safeParse(value).success ? 201 : 422;
}

/** The same for a form-encoded body, decoded the way a server reads HTML forms: the first value wins. */
function expectedForForm(form: FormUnderTest, text: string): number {
  if (encoder.encode(text).byteLength > maxBodyBytes) return 413;
  const value: Record<string, string> = {};
  for (const [key, entry] of new URLSearchParams(withoutBom(text)))
    if (!Object.hasOwn(value, key)) value[key] = entry;
  return form.schema.safeParse(value).success ? 303 : 422;
}

/** Characters that trip up storage and rendering: C0/C1 controls, NUL, separators, BOM, lone surrogates. */
const awkwardCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u2028', '\u2029', '\ufeff', '\u200b', '\u00a0', '\ufffe', '\uffff'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);
const awkwardText = fc.string({ unit: awkwardCharacter, minLength: 1, maxLength: 30 });

/** A JSON value nested `deep` levels, kept as text: the body builder splices it in unparsed. */
type Deep = { deep: number; container: 'array' | 'object' };
class DeepJson {
  readonly shape: Deep;
  constructor(shape: Deep) {
    this.shape = shape;
  }
}
const deepValue = fc.record({
  deep: fc.oneof(fc.constant(10_000), fc.integer({ min: 1, max: 12_000 })),
  container: fc.constantFrom<Deep['container']>('array', 'object'),
});
function deepText({ deep, container }: Deep): string {
  return container === 'array'
    ? `${'['.repeat(deep)}${']'.repeat(deep)}`
    : `${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}`;
}

/** A string of up to ~5 × the body limit in bytes, from characters of one to four UTF-8 bytes. */
type Huge = { character: string; times: number };
const hugeString = fc.record({
  character: fc.constantFrom('a', 'é', '€', '😀'),
  times: fc.integer({ min: 100, max: 80_000 }),
});

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** One change to a field, as data, so that a counterexample reads as what was sent. */
type FieldChange = { remove: true } | { set: unknown } | { append: string } | { huge: Huge } | { deep: Deep };
const fieldChange: fc.Arbitrary<FieldChange> = fc.oneof(
  fc.constant({ remove: true as const }),
  wrongType.map((set) => ({ set })),
  fc.oneof(awkwardText, fc.constantFrom('', ' ', '\t\n')).map((set) => ({ set })),
  awkwardText.map((append) => ({ append })),
  hugeString.map((huge) => ({ huge })),
  deepValue.map((deep) => ({ deep })),
);

/** Keys a client might add: our own columns, prototype names, and anything else. */
const extraKey = fc.oneof(
  fc.constantFrom('id', 'created_at', 'deleted_at', 'role', '__proto__', 'constructor', 'toString', ''),
  // The honeypot is the one extra key with a meaning (a fake success); the form contract tests it.
  fc.string({ maxLength: 12 }).filter((key) => key !== honeypotField),
);
const extraValue = fc.oneof(
  wrongType.map((set): FieldChange => ({ set })),
  hugeString.map((huge): FieldChange => ({ huge })),
  deepValue.map((deep): FieldChange => ({ deep })),
);

/** Serialises `body`, splicing deep values in as text: JSON.stringify would recurse 10,000 levels. */
function toJsonText(body: Record<string, unknown>, marker: string): string {
  const spliced: string[] = [];
  const withPlaceholders = Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (value instanceof DeepJson) {
        spliced.push(deepText(value.shape));
        return [key, `@@deep-${marker}-${spliced.length - 1}@@`];
      }
      return [key, value];
    }),
  );
  return spliced.reduce(
    (text, fragment, index) => text.replace(`"@@deep-${marker}-${index}@@"`, () => fragment),
    JSON.stringify(withPlaceholders),
  );
}

function applyChange(body: Record<string, unknown>, field: string, change: FieldChange) {
  if ('remove' in change) {
    delete body[field];
    return;
  }
  let value: unknown;
  if ('set' in change) value = change.set;
  else if ('append' in change) value = `${body[field] ?? ''}${change.append}`;
  else if ('huge' in change) value = change.huge.character.repeat(change.huge.times);
  else value = new DeepJson(change.deep);
  // defineProperty, so a key like `__proto__` is sent as a field rather than setting the prototype.
  Object.defineProperty(body, field, { value, enumerable: true, writable: true, configurable: true });
}

function formText(body: Record<string, string>): string {
  return new URLSearchParams(body).toString();
}

/** Byte sequences no UTF-8 decoder may accept: stray bytes, overlongs, encoded surrogates, cut sequences. */
const invalidUtf8 = fc.constantFrom(
  [0xff],
  [0xfe],
  [0x80],
  [0xbf],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
);

/** Raw fragments that make a form-encoded body malformed or surprising. */
const formFragment = fc.oneof(
  fc.constantFrom(
    '%',
    '%Z',
    '%ZZ',
    '%FF',
    '%C0%80',
    '%ED%A0%80',
    '%00',
    '%01',
    '%7F',
    '%C2%85',
    '%E2%80%A8',
    '%EF%BB%BF',
    '&',
    '&&',
    '=',
    '==',
    '+',
    ';',
    'name=',
    'email=',
    'name[]=x',
    '__proto__=x',
    'constructor=x',
    'hasOwnProperty=x',
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 8 }),
);

/** A raw fragment inserted anywhere, or a field sent first (the first value wins) with a raw value. */
type FormMutation = { insert: string; at: number } | { field: string; firstValue: string };

function mutateFormText(text: string, mutation: FormMutation): string {
  if ('field' in mutation) return `${mutation.field}=${mutation.firstValue}&${text}`;
  const cut = mutation.at % (text.length + 1);
  return `${text.slice(0, cut)}${mutation.insert}${text.slice(cut)}`;
}

/** A whole JSON body, as data: any JSON text, a valid body wrapped or cut, a character inserted, deep. */
type WholeBody =
  | { text: string }
  | { wrap: 'in an array' | 'as a string' | 'under data' | 'under 0' }
  | { insert: string; at: number }
  | { cutAt: number }
  | { deep: Deep }
  | { unclosed: number };
const wholeBody: fc.Arbitrary<WholeBody> = fc.oneof(
  fc.json({ maxDepth: 3 }).map((text) => ({ text })),
  fc
    .constantFrom('', ' ', 'null', 'true', '0', '-1e999', '"text"', '[]', '{}', '\ufeff{}')
    .map((text) => ({ text })),
  fc.constantFrom('in an array', 'as a string', 'under data', 'under 0').map((wrap) => ({ wrap })),
  fc.record({
    insert: fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\\', 'x', '\u0000', "'"),
    at: fc.nat(),
  }),
  fc.nat().map((cutAt) => ({ cutAt })),
  deepValue.map((deep) => ({ deep })),
  fc.integer({ min: 1, max: 40_000 }).map((unclosed) => ({ unclosed })),
);

function wholeBodyText(shape: WholeBody, valid: Record<string, string>): string {
  const text = JSON.stringify(valid);
  if ('text' in shape) return shape.text;
  if ('deep' in shape) return deepText(shape.deep);
  if ('unclosed' in shape) return '['.repeat(shape.unclosed);
  if ('cutAt' in shape) return text.slice(0, shape.cutAt % text.length);
  if ('insert' in shape) {
    const cut = shape.at % (text.length + 1);
    return `${text.slice(0, cut)}${shape.insert}${text.slice(cut)}`;
  }
  const wrapped = {
    'in an array': [valid],
    'as a string': text,
    'under data': { data: valid },
    'under 0': { 0: valid },
  };
  return JSON.stringify(wrapped[shape.wrap]);
}

/** Characters React escapes in text and attributes. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[character] ?? character,
  );
}

const scriptPayload = fc
  .tuple(
    fc.constantFrom(
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '"><svg onload=alert(1)>',
      "'><iframe src=javascript:alert(1)>",
      '</textarea><script>alert(1)</script>',
      '<!--<b>',
      '&lt;b&gt; & <b>',
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
  )
  .map(([payload, suffix]) => `${payload}${suffix}`.trim());

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
      fc.asyncProperty(
        fc.constantFrom('name', form.textField),
        fc.nat(),
        fc.boolean(),
        async (field, at, asForm) => {
          const marker = newMarker();
          const body = form.validBody(marker);
          const value = body[field] ?? '';
          const cut = at % (value.length + 1);
          body[field] = `${value.slice(0, cut)}\u0000${value.slice(cut)}`;
          const text = asForm ? formText(body) : JSON.stringify(body);
          const contentType = asForm ? 'application/x-www-form-urlencoded' : 'application/json';
          const expected = asForm ? expectedForForm(form, text) : expectedForJson(form, text);
          const response = await call(post(form, { body: text, contentType }));
          await expectAnswer(form, response, expected, marker, asForm ? 'html' : 'json');
        },
      ),
      { numRuns: 20 },
    );
  });

  it('answers JSON bodies with missing, mistyped, awkward, huge, deep and extra fields as the schema says', async () => {
    const changes = fc.uniqueArray(fc.tuple(fc.constantFrom(...fields), fieldChange), {
      minLength: 1,
      maxLength: 2,
      selector: ([field]) => field,
    });
    const extras = fc.array(fc.tuple(extraKey, extraValue), { maxLength: 2 });
    await fc.assert(
      fc.asyncProperty(changes, extras, async (fieldChanges, extraFields) => {
        const marker = newMarker();
        const body: Record<string, unknown> = form.validBody(marker);
        // At most two of the marked fields change, so the marker survives in a stored row.
        for (const [field, change] of fieldChanges) applyChange(body, field, change);
        for (const [key, change] of extraFields) if (!fields.includes(key)) applyChange(body, key, change);
        const text = toJsonText(body, marker);
        const response = await call(post(form, { body: text, contentType: 'application/json' }));
        await expectAnswer(form, response, expectedForJson(form, text), marker);
      }),
      { numRuns },
    );
  });

  it('answers whole bodies that are not one object of fields: malformed, scalars, wrapped, deep', async () => {
    await fc.assert(
      fc.asyncProperty(wholeBody, async (shape) => {
        const marker = newMarker();
        const text = wholeBodyText(shape, form.validBody(marker));
        const response = await call(post(form, { body: text, contentType: 'application/json' }));
        // An insertion inside a string can leave a valid body; the schema says so, and it is stored.
        await expectAnswer(form, response, expectedForJson(form, text), marker);
      }),
      { numRuns },
    );
  });

  it('refuses bodies with invalid UTF-8 bytes with 400, JSON or form-encoded', async () => {
    await fc.assert(
      fc.asyncProperty(
        invalidUtf8,
        fc.nat(),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
        async (bytes, at, contentType) => {
          const marker = newMarker();
          const valid = form.validBody(marker);
          const text = encoder.encode(
            contentType === 'application/json' ? JSON.stringify(valid) : formText(valid),
          );
          const cut = at % (text.length + 1);
          const body = new Uint8Array([...text.subarray(0, cut), ...bytes, ...text.subarray(cut)]);
          const response = await call(post(form, { body, contentType }));
          await expectAnswer(
            form,
            response,
            400,
            marker,
            contentType === 'application/json' ? 'json' : 'html',
          );
        },
      ),
      { numRuns },
    );
  });

  it('refuses a valid body under a wrong or missing content type with 415', async () => {
    const contentType = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(
        '',
        'text/plain',
        'text/json',
        'json',
        '*/*',
        'application/jsonp',
        'application/ld+json',
        'application/problem+json',
        'application/json-patch+json',
        'application/ json',
        'application/json, text/plain',
        'application/x-www-form-urlencoded2',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'application/xml',
      ),
      fc
        .tuple(fc.stringMatching(/^[a-z]{1,12}$/), fc.stringMatching(/^[a-z+.-]{1,24}$/))
        .map(([type, subtype]) => `${type}/${subtype}`)
        .filter((type) => type !== 'application/json' && type !== 'application/x-www-form-urlencoded'),
    );
    await fc.assert(
      fc.asyncProperty(contentType, fc.boolean(), async (type, asForm) => {
        const marker = newMarker();
        const valid = form.validBody(marker);
        const body = encoder.encode(asForm ? formText(valid) : JSON.stringify(valid));
        const response = await call(post(form, { body, contentType: type }));
        await expectAnswer(form, response, 415, marker);
      }),
      { numRuns },
    );
  });

  it('refuses bodies over the limit with 413, whether sized, streamed, endless or declared falsely', async () => {
    const oversize = fc.record({
      size: fc.integer({ min: maxBodyBytes + 1, max: 4 * maxBodyBytes }),
      asForm: fc.boolean(),
      transport: fc.constantFrom(
        'string',
        'stream',
        'endless',
        'declared-huge',
        'declared-small',
        'declared-garbage',
      ),
      chunk: fc.integer({ min: 1, max: 32 * 1024 }),
    });
    await fc.assert(
      fc.asyncProperty(oversize, async ({ size, asForm, transport, chunk }) => {
        const marker = newMarker();
        const valid = form.validBody(marker);
        const base = asForm ? formText(valid) : JSON.stringify(valid);
        // Declared-huge sends a valid small body: a declared size over the limit is refused unread.
        const filler = transport === 'declared-huge' ? '' : 'x'.repeat(size - base.length);
        const text = asForm ? `${base}&filler=${filler}` : `${base.slice(0, -1)},"filler":"${filler}"}`;
        const bytes = encoder.encode(text);
        const headers: [string, string][] = [];
        if (transport === 'declared-huge') headers.push(['content-length', String(size)]);
        if (transport === 'declared-small') headers.push(['content-length', '10']);
        if (transport === 'declared-garbage') headers.push(['content-length', 'lots']);
        let body: Post['body'] = transport === 'string' ? text : bytes;
        if (transport === 'stream' || transport === 'endless') {
          let offset = 0;
          body = new ReadableStream<Uint8Array<ArrayBuffer>>({
            pull(controller) {
              if (transport === 'endless') controller.enqueue(new Uint8Array(chunk).fill(0x61));
              else if (offset >= bytes.length) controller.close();
              else {
                controller.enqueue(bytes.subarray(offset, offset + chunk));
                offset += chunk;
              }
            },
          });
        }
        const contentType = asForm ? 'application/x-www-form-urlencoded' : 'application/json';
        const response = await call(post(form, { body, contentType, headers }));
        await expectAnswer(form, response, 413, marker, asForm ? 'html' : 'json');
      }),
      { numRuns },
    );
  });

  it('answers malformed no-JavaScript posts with the form page (422) or, when the schema accepts them, 303', async () => {
    const mutation: fc.Arbitrary<FormMutation> = fc.oneof(
      fc.record({ insert: formFragment, at: fc.nat() }),
      fc.record({
        field: fc.constantFrom(...fields),
        firstValue: fc.array(formFragment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const marker = newMarker();
        const text = mutations.reduce(mutateFormText, formText(form.validBody(marker)));
        const response = await call(
          post(form, { body: text, contentType: 'application/x-www-form-urlencoded' }),
        );
        const decoded = new URLSearchParams(text);
        const traceable = ['name', 'email', form.textField].some((field) =>
          decoded.get(field)?.includes(marker),
        );
        await expectAnswer(form, response, expectedForForm(form, text), marker, 'html', traceable);
      }),
      { numRuns },
    );
  });

  it('refuses a malformed Idempotency-Key with 400 before storing anything', async () => {
    const keyCharacter = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''),
    );
    // Latin-1 is all a header may carry; NUL, CR and LF cannot be sent at all.
    const badCharacter = fc
      .integer({ min: 1, max: 0xff })
      .map((code) => String.fromCharCode(code))
      .filter((character) => !/[A-Za-z0-9_\-\r\n]/.test(character));
    const goodRun = (minLength: number, maxLength: number) =>
      fc.string({ unit: keyCharacter, minLength, maxLength });
    const badKey = fc.oneof(
      goodRun(0, 7).map((key) => [key]),
      goodRun(201, 260).map((key) => [key]),
      // A bad character between good ones, so trimming the header value cannot remove it.
      fc.tuple(goodRun(1, 100), badCharacter, goodRun(1, 100)).map((parts) => [parts.join('')]),
      fc.tuple(goodRun(8, 40), goodRun(8, 40)),
    );
    await fc.assert(
      fc.asyncProperty(badKey, fc.boolean(), async (keys, asForm) => {
        const marker = newMarker();
        const valid = form.validBody(marker);
        const response = await call(
          post(form, {
            body: asForm ? formText(valid) : JSON.stringify(valid),
            contentType: asForm ? 'application/x-www-form-urlencoded' : 'application/json',
            headers: keys.map((key) => ['idempotency-key', key]),
          }),
        );
        await expectAnswer(form, response, 400, marker, asForm ? 'html' : 'json');
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
        const stored = await call(
          post(form, { body: JSON.stringify(body), contentType: 'application/json' }),
        );
        expect(stored.status).toBe(201);
        const rows = await ownerQuery<{ name: string }>(
          `select name from public.${form.table} where email = $1`,
          [body.email],
        );
        expect(rows).toEqual([{ name }]);

        const refused = await call(
          post(form, {
            body: formText({ ...body, email: `not-an-email ${marker}` }),
            contentType: 'application/x-www-form-urlencoded',
          }),
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
