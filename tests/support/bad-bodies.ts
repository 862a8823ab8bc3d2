import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { z } from 'zod';
import { firstErrorPerField, firstErrorPerPath } from '../../src/lib/form-fields.ts';
import { outboxDirectory } from '../../src/server/email/email.ts';
import type { OutboxMessage } from '../../src/server/email/outbox.ts';
import { maxBodyBytes } from '../../src/server/http/request.ts';
import { siteOrigin } from './requests.ts';

/**
 * Generators of bad requests for the property-based tests of every endpoint, and the oracles that say
 * what a function must answer them: the body limit, JSON itself, and the endpoint's own zod schema.
 * Each generated change is plain data, so a counterexample reads as what was sent.
 */

/** The API's one error shape, and nothing more. */
const errorShape = z.strictObject({
  error: z.strictObject({
    code: z.string().min(1),
    message: z.string().min(1),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/**
 * Checks that an answer has the status the oracle expects and, for a refusal, that it is JSON in the
 * error shape. Answers the body's text.
 */
export async function expectAnswer(response: Response, expected: number): Promise<string> {
  const text = await response.text();
  expect(response.status, `answered ${response.status}: ${text.slice(0, 300)}`).toBe(expected);
  if (expected >= 400) expectErrorShape(response, text);
  return text;
}

function expectErrorShape(response: Response, text: string): void {
  expect(response.headers.get('content-type') ?? '').toContain('application/json');
  const shape = errorShape.safeParse(JSON.parse(text));
  expect(shape.success, `not the error shape: ${text.slice(0, 300)}`).toBe(true);
}

export const encoder = new TextEncoder();

/** A marker no other request, test or run shares: the rows that carry it are this request's own. */
export const newMarker = () => crypto.randomUUID();

export type Post = {
  method?: string;
  body?: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>;
  /** Undefined sends no Content-Type at all (a string body would otherwise get text/plain). */
  contentType?: string | undefined;
  headers?: [string, string][];
};

/** A request from the site itself (same Origin), by default a POST. */
export function sameSiteRequest(
  pathname: string,
  { method = 'POST', body, contentType, headers = [] }: Post,
): Request {
  const sent = new Headers({ origin: siteOrigin });
  if (contentType !== undefined) sent.set('content-type', contentType);
  for (const [name, value] of headers) sent.append(name, value);
  const init: RequestInit & { duplex?: 'half' } = { method, headers: sent, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return new Request(new URL(pathname, siteOrigin), init);
}

// A UTF-8 decoder drops one leading byte order mark (WHATWG Encoding), so the body never includes it.
const withoutBom = (text: string) => text.replace(/^\ufeff/, '');

/** How the body limit, JSON and a schema judge a body: the refusal they call for, or the parsed input. */
/**
 * The oracle's verdict on a body: refused with a status (and, for a refusal the schema cannot see, the
 * field messages the server gives), or taken as `input`.
 */
export type Verdict<Input> = { refused: number; fields?: Record<string, string> } | { input: Input };

function judgeJson<Schema extends z.ZodType>(schema: Schema, text: string): Verdict<z.infer<Schema>> {
  if (encoder.encode(text).byteLength > maxBodyBytes) return { refused: 413 };
  let value: unknown;
  try {
    value = JSON.parse(withoutBom(text));
  } catch {
    return { refused: 400 };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { input: parsed.data } : { refused: 422 };
}

/** The same for a form-encoded body, decoded the way a server reads HTML forms: the first value wins. */
function judgeForm<Schema extends z.ZodType>(schema: Schema, text: string): Verdict<z.infer<Schema>> {
  if (encoder.encode(text).byteLength > maxBodyBytes) return { refused: 413 };
  const value: Record<string, string> = {};
  for (const [key, entry] of new URLSearchParams(withoutBom(text)))
    if (!Object.hasOwn(value, key)) value[key] = entry;
  const parsed = schema.safeParse(value);
  return parsed.success ? { input: parsed.data } : { refused: 422 };
}

/**
 * The field messages a refusal of this body must carry: the schema's first message per field (`_form`
 * for the body as a whole; with `paths`, per whole path, as a body with lists is answered), or
 * undefined when the body is no JSON or form the schema refuses.
 */
export function fieldMessagesFor(
  schema: z.ZodType,
  { body, contentType }: Encoded,
  { paths = false }: { paths?: boolean } = {},
) {
  let value: unknown;
  if (contentType === jsonType) {
    try {
      value = JSON.parse(withoutBom(body));
    } catch {
      return undefined;
    }
  } else {
    const fields: Record<string, string> = {};
    for (const [key, entry] of new URLSearchParams(withoutBom(body)))
      if (!Object.hasOwn(fields, key)) fields[key] = entry;
    value = fields;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : (paths ? firstErrorPerPath : firstErrorPerField)(parsed.error);
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
const hugeText = ({ character, times }: Huge) => character.repeat(times);

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** One change to a field, as data, so that a counterexample reads as what was sent. */
export type FieldChange =
  | { remove: true }
  | { set: unknown }
  | { append: string }
  | { huge: Huge }
  | { deep: Deep };
const fieldChange: fc.Arbitrary<FieldChange> = fc.oneof(
  fc.constant({ remove: true as const }),
  wrongType.map((set) => ({ set })),
  fc.oneof(awkwardText, fc.constantFrom('', ' ', '\t\n')).map((set) => ({ set })),
  awkwardText.map((append) => ({ append })),
  hugeString.map((huge) => ({ huge })),
  deepValue.map((deep) => ({ deep })),
);

/** Keys a client might add: our own columns, prototype names, and anything else. */
export const extraKey = fc.oneof(
  fc.constantFrom(
    'id',
    'created_at',
    'deleted_at',
    'role',
    'status',
    '__proto__',
    'constructor',
    'toString',
    '',
  ),
  fc.string({ maxLength: 12 }),
);
const extraValue = fc.oneof(
  wrongType.map((set): FieldChange => ({ set })),
  hugeString.map((huge): FieldChange => ({ huge })),
  deepValue.map((deep): FieldChange => ({ deep })),
);

/** Up to two of `fields` changed (at least `minLength`), so a marker in the others survives. */
export const fieldChanges = (fields: string[], minLength = 1) =>
  fc.uniqueArray(fc.tuple(fc.constantFrom(...fields), fieldChange), {
    minLength,
    maxLength: 2,
    selector: ([field]) => field,
  });

/** Extra fields, never one of the body's own `fields`. */
export const extraFields = (fields: string[], key = extraKey) =>
  fc.array(
    fc.tuple(
      key.filter((name) => !fields.includes(name)),
      extraValue,
    ),
    { maxLength: 2 },
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
  else if ('huge' in change) value = hugeText(change.huge);
  else value = new DeepJson(change.deep);
  // defineProperty, so a key like `__proto__` is sent as a field rather than setting the prototype.
  Object.defineProperty(body, field, { value, enumerable: true, writable: true, configurable: true });
}

/** A valid body with the generated changes and extra fields applied, as JSON text. */
export function changedJson(
  valid: Record<string, unknown>,
  changes: [string, FieldChange][],
  extras: [string, FieldChange][],
  marker: string,
): string {
  const body = { ...valid };
  for (const [field, change] of changes) applyChange(body, field, change);
  for (const [key, change] of extras) applyChange(body, key, change);
  return toJsonText(body, marker);
}

export function formText(body: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])).toString();
}

/** A body as text with its content type, which says how the server will read it. */
export type Encoded = { body: string; contentType: string };

const jsonType = 'application/json';
export const formType = 'application/x-www-form-urlencoded';
export const jsonBody = (text: string): Encoded => ({ body: text, contentType: jsonType });
export const formBody = (text: string): Encoded => ({ body: text, contentType: formType });

/** `body` as JSON, or form-encoded the way an HTML form sends it. */
export const encodeBody = (body: Record<string, unknown>, asForm: boolean): Encoded =>
  asForm ? formBody(formText(body)) : jsonBody(JSON.stringify(body));

/** The oracle's verdict on an encoded body, read as its content type says. */
export const judgeBody = <Schema extends z.ZodType>(schema: Schema, { body, contentType }: Encoded) =>
  contentType === jsonType ? judgeJson(schema, body) : judgeForm(schema, body);

/** Byte sequences no UTF-8 decoder may accept: stray bytes, overlongs, encoded surrogates, cut sequences. */
export const invalidUtf8 = fc.constantFrom(
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

/** An encoded body as UTF-8 with `bytes` inserted at `at` (modulo its length), under its content type. */
export function withBytes({ body, contentType }: Encoded, bytes: readonly number[], at: number): Post {
  const encoded = encoder.encode(body);
  const cut = at % (encoded.length + 1);
  return {
    body: new Uint8Array([...encoded.subarray(0, cut), ...bytes, ...encoded.subarray(cut)]),
    contentType,
  };
}

/** Raw fragments that make a form-encoded body (or a query string) malformed or surprising. */
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
export type FormMutation = { insert: string; at: number } | { field: string; firstValue: string };

export const formMutations = (fields: string[]) =>
  fc.array(
    fc.oneof(
      fc.record({ insert: formFragment, at: fc.nat() }),
      fc.record({
        field: fc.constantFrom(...fields),
        firstValue: fc.array(formFragment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
      }),
    ),
    { minLength: 1, maxLength: 3 },
  );

export function mutateFormText(text: string, mutation: FormMutation): string {
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
export const wholeBody: fc.Arbitrary<WholeBody> = fc.oneof(
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

export function wholeBodyText(shape: WholeBody, valid: Record<string, unknown>): string {
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

/** Where to insert a NUL: no keyboard types it, and PostgreSQL's text cannot hold it. */
export const nulInsertion = (fields: string[]) => fc.tuple(fc.constantFrom(...fields), fc.nat());

export function withNul(valid: Record<string, unknown>, [field, at]: [string, number]) {
  const value = String(valid[field] ?? '');
  const cut = at % (value.length + 1);
  return { ...valid, [field]: `${value.slice(0, cut)}\u0000${value.slice(cut)}` };
}

/** Content types that are neither JSON nor a form, or none at all. */
export const otherContentType = fc.oneof(
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
    .filter((type) => type !== jsonType && type !== formType),
);

/** A body over the limit: sized, streamed, endless, or with a Content-Length that lies. */
type Oversize = {
  size: number;
  asForm: boolean;
  transport: 'string' | 'stream' | 'endless' | 'declared-huge' | 'declared-small' | 'declared-garbage';
  chunk: number;
};
export const oversize: fc.Arbitrary<Oversize> = fc.record({
  size: fc.integer({ min: maxBodyBytes + 1, max: 4 * maxBodyBytes }),
  asForm: fc.boolean(),
  transport: fc.constantFrom<Oversize['transport']>(
    'string',
    'stream',
    'endless',
    'declared-huge',
    'declared-small',
    'declared-garbage',
  ),
  chunk: fc.integer({ min: 1, max: 32 * 1024 }),
});

/** `valid` padded past the limit with a filler field, sent the way `shape` says. */
export function oversizeBody(
  { size, asForm, transport, chunk }: Oversize,
  valid: Record<string, unknown>,
): Required<Pick<Post, 'body' | 'contentType' | 'headers'>> {
  const { body: base, contentType } = encodeBody(valid, asForm);
  // Declared-huge sends a valid small body: a declared size over the limit is refused unread.
  const filler = transport === 'declared-huge' ? '' : 'x'.repeat(Math.max(0, size - base.length));
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
  return { body, contentType, headers };
}

/** Idempotency-Key values the API must refuse: too short, too long, a bad character, or two keys. */
export const badIdempotencyKey = (() => {
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
  return fc.oneof(
    goodRun(0, 7).map((key) => [key]),
    goodRun(201, 260).map((key) => [key]),
    // A bad character between good ones, so trimming the header value cannot remove it.
    fc.tuple(goodRun(1, 100), badCharacter, goodRun(1, 100)).map((parts) => [parts.join('')]),
    fc.tuple(goodRun(8, 40), goodRun(8, 40)),
  );
})();

/**
 * Methods a function does not take. `fetch` refuses CONNECT, TRACE and TRACK, and writes only the
 * six standard methods in upper case for us, so other names go as generated, in capitals.
 */
export function otherMethod(allowed: string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get', 'post', 'delete'),
      fc.stringMatching(/^[A-Z]{1,10}$/),
    )
    .map((method) => (['get', 'post', 'delete'].includes(method) ? method : method.toUpperCase()))
    .filter(
      (method) => !allowed.includes(method.toUpperCase()) && !['CONNECT', 'TRACE', 'TRACK'].includes(method),
    );
}

/** Cookie values that are no session: random, JWT-shaped, unsigned, huge, or bytes from Latin-1. */
const notASessionToken = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{0,64}$/),
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/),
    )
    .map((parts) => parts.join('.')),
  // Unsigned tokens ({"alg":"none"}, or HS256 without the signature) claiming to be an admin.
  fc.constantFrom({ alg: 'none' }, { alg: 'HS256' }).map((header) =>
    [header, { sub: crypto.randomUUID(), role: 'authenticated', app_metadata: { role: 'admin' } }]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.')
      .concat('.'),
  ),
  fc.integer({ min: 4_000, max: 200_000 }).map((length) => 'a'.repeat(length)),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
    maxLength: 40,
  }),
);

/** A Cookie header with generated session cookies (either, both, twice) among others. */
export const notASessionCookie = fc
  .record({
    access: fc.option(notASessionToken),
    refresh: fc.option(notASessionToken),
    twice: fc.boolean(),
  })
  .map(({ access, refresh, twice }) => {
    const pairs = ['theme=dark'];
    if (access !== null) pairs.push(`kv_access=${access}`);
    if (refresh !== null) pairs.push(`kv_refresh=${refresh}`);
    if (twice) pairs.push(...pairs.slice(1));
    return pairs.join('; ');
  });

/** Characters React escapes in text and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[character] ?? character,
  );
}

export const scriptPayload = fc
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

/** One part of a query string, as data: a parameter (encoded when sent) or a raw fragment. */
export type QueryPart = { name: string; value: string } | { raw: string };

/** Values a query parameter might carry: one that looks right, awkward text, huge, empty or raw. */
export const queryValue = (looksRight: fc.Arbitrary<string>) =>
  fc.oneof(
    looksRight,
    awkwardText,
    hugeString.map(hugeText),
    fc.constantFrom('', ' ', '\u0000', '%', '+', '&', '='),
    fc.string({ maxLength: 20 }),
  );

/** Query strings of generated parameters, with raw malformed fragments (`%FF`, `%`, `&&`) among them. */
export const queryParts = (parameter: fc.Arbitrary<[string, string]>): fc.Arbitrary<QueryPart[]> =>
  fc.array(
    fc.oneof(
      { weight: 4, arbitrary: parameter.map(([name, value]) => ({ name, value })) },
      { weight: 1, arbitrary: formFragment.map((raw) => ({ raw })) },
    ),
    { maxLength: 6 },
  );

export function queryText(parts: QueryPart[]): string {
  const text = parts
    .map((part) =>
      // URLSearchParams, not encodeURIComponent: it sends a lone surrogate as U+FFFD, as browsers do.
      'raw' in part ? part.raw : new URLSearchParams([[part.name, part.value]]).toString(),
    )
    .join('&');
  return text === '' ? '' : `?${text}`;
}

/**
 * Checks that an emailed message is plain text and nothing else: with no HTML part, a script in what a
 * guest typed arrives as the characters they typed, and no mail client runs it.
 */
export async function expectPlainTextOnly(message: OutboxMessage | undefined): Promise<void> {
  expect(message, 'the email').toBeDefined();
  const raw = await readFile(path.join(outboxDirectory(), message?.file ?? ''), 'utf8');
  expect(raw).toMatch(/^content-type: text\/plain; charset=utf-8$/im);
  expect(raw).not.toMatch(/text\/html/i);
}
