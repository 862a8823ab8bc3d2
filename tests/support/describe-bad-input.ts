import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  badIdempotencyKey,
  changedJson,
  type Encoded,
  encodeBody,
  encoder,
  expectAnswer,
  extraFields,
  extraKey,
  fieldChanges,
  fieldMessagesFor,
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
  otherMethod,
  oversize,
  oversizeBody,
  type Post,
  type Verdict,
  wholeBody,
  wholeBodyText,
  withBytes,
  withNul,
} from './bad-bodies.ts';

type Body = Record<string, unknown>;

/** What an endpoint must answer one generated request, and what that does to the rows it stores. */
export type Outcome<State> = {
  status: number;
  /** A Location the answer must carry (a no-JavaScript post's redirect). */
  location?: string;
  /** The stored state after the request, from the state before it; a refusal always leaves it as it was. */
  changes?: (before: State) => State;
};

/** One endpoint under the bad-input contract. */
export type BadInputTarget<State, Variant = undefined> = {
  /** What the tests are named after, e.g. `POST /api/contact-messages`. */
  name: string;
  /** The endpoint's own zod schema: the oracle for what a body means. */
  schema: z.ZodObject;
  /** The fields a generated body changes; the schema's keys unless named. */
  fields?: string[];
  /**
   * A body the endpoint accepts. `marker` is the one `prepare` made for this request, so the rows a
   * request stores are found by it; `variant` is drawn from `variants` for targets with several.
   */
  validBody: (marker: string, variant: Variant) => Body;
  variants?: fc.Arbitrary<Variant>;
  /** Makes a request's marker (default: a new UUID); a target may make a row to aim at instead. */
  prepare?: () => Promise<string>;
  /** Sends one generated request, as the caller the target stands for. */
  send: (request: Post, marker: string) => Promise<Response>;
  /** Reads the state a request may change: usually how many rows carry the marker. */
  observe: (marker: string) => Promise<State>;
  /** The oracle's verdict on a body; by default the schema's, read as its content type says. */
  judge?: (sent: Encoded) => Verdict<Body>;
  /** What the endpoint answers a body its schema accepts. */
  accepted: (input: Body, sent: Encoded, marker: string) => Outcome<State> | Promise<Outcome<State>>;
  /** Whether an answer with this status comes as the form page (HTML) instead of the error shape. */
  answersWithPage?: (sent: Post, status: number) => boolean;
  /** How many runs each property makes. */
  runs: number;
  /** The text fields a NUL character goes into, and how many runs that property makes. */
  nul?: { fields: string[]; runs: number };
  /** Whether the NUL and Idempotency-Key properties also send form-encoded bodies. */
  sendsForms: boolean;
  /** At least this many fields change in a generated JSON body (0 also sends the valid body + extras). */
  minChanges?: number;
  /** The extra keys a generated JSON body may carry. */
  extraKeys?: fc.Arbitrary<string>;
  /** The one method the endpoint takes, when other methods are to be refused with 405 and Allow. */
  method?: string;
  /** Whether a malformed Idempotency-Key is refused with 400. */
  idempotent?: boolean;
  /** Whether the endpoint keys its field messages by whole path (`guests.0.name`), as `validate` does with `paths`. */
  fieldPaths?: boolean;
  /** Environment for these tests: a rate limit of 0, so each request is judged on its body alone. */
  env?: Record<string, string>;
};

/**
 * Sets an environment variable for the tests of the enclosing block and restores it afterwards: every
 * generated request is judged on its body, and the rate limit has its own tests.
 */
export function withEnv(name: string, value: string) {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env[name];
    process.env[name] = value;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  });
}

/**
 * The bad-input contract, property-based: generated bodies with missing, mistyped, huge, deep, extra
 * or NUL-bearing fields, malformed JSON and forms, invalid UTF-8, wrong content types, oversize
 * bodies, malformed Idempotency-Keys and other methods. Each answer is what the oracle (the schema,
 * then the target's own rules) says: a 4xx in the API's one error shape (or the form page), never a
 * 5xx, and a refused request changes nothing it observes.
 */
export function describeBadInput<State, Variant = undefined>(target: BadInputTarget<State, Variant>) {
  const fields = target.fields ?? Object.keys(target.schema.shape);
  const variants = target.variants ?? (fc.constant(undefined) as fc.Arbitrary<Variant>);
  const judge = target.judge ?? ((sent: Encoded) => judgeBody(target.schema, sent));
  const asForms = target.sendsForms ? fc.boolean() : fc.constant(false);
  const { runs } = target;

  /** Sends what `build` makes of a marked valid body and checks the answer and the state against the oracle. */
  async function sendJudged(
    variant: Variant,
    build: (valid: Body, marker: string) => { request: Post; verdict: Verdict<Body>; sent?: Encoded },
  ) {
    const marker = await (target.prepare ?? (async () => newMarker()))();
    const { request, verdict, sent } = build(target.validBody(marker, variant), marker);
    const before = await target.observe(marker);
    const outcome: Outcome<State> =
      'refused' in verdict
        ? { status: verdict.refused }
        : await target.accepted(verdict.input, sent ?? (request as Encoded), marker);
    const response = await target.send(request, marker);
    if (target.answersWithPage?.(request, outcome.status)) {
      const text = await response.text();
      expect(response.status, `answered ${response.status}: ${text.slice(0, 300)}`).toBe(outcome.status);
      if (outcome.status >= 400) expect(response.headers.get('content-type')).toContain('text/html');
    } else {
      const text = await expectAnswer(response, outcome.status);
      // A refusal by the schema names each field it refused, with the schema's own message.
      if ('refused' in verdict && verdict.refused === 422 && sent) {
        const { error } = JSON.parse(text) as { error: { fields?: Record<string, string> } };
        expect(error.fields, 'the field messages').toEqual(
          verdict.fields ?? fieldMessagesFor(target.schema, sent, { paths: target.fieldPaths }),
        );
      }
    }
    if (outcome.location) expect(response.headers.get('location')).toBe(outcome.location);
    const changes = outcome.status < 400 && outcome.changes ? outcome.changes : (state: State) => state;
    expect(await target.observe(marker)).toEqual(changes(before));
  }

  /** A body as the server will read it, with the oracle's verdict on it. */
  const judged = (sent: Encoded) => ({ request: sent, verdict: judge(sent), sent });

  describe(`bad input to ${target.name} (property-based)`, () => {
    for (const [name, value] of Object.entries(target.env ?? {})) withEnv(name, value);
    const { nul } = target;
    if (nul) {
      // U+0000 is the one character PostgreSQL's text cannot hold: it must be refused or dropped first.
      it('answers a NUL character in a text field as the schema says (stored, or refused with 4xx), never 5xx', async () => {
        await fc.assert(
          fc.asyncProperty(variants, nulInsertion(nul.fields), asForms, (variant, at, asForm) =>
            sendJudged(variant, (valid) => judged(encodeBody(withNul(valid, at), asForm))),
          ),
          { numRuns: nul.runs },
        );
      });
    }

    it('answers JSON bodies with missing, mistyped, awkward, huge, deep and extra fields as the schema says', async () => {
      await fc.assert(
        fc.asyncProperty(
          variants,
          fieldChanges(fields, target.minChanges),
          extraFields(fields, target.extraKeys ?? extraKey),
          (variant, changes, extras) =>
            // At most two marked fields change, so the marker survives in a stored row.
            sendJudged(variant, (valid, marker) =>
              judged(jsonBody(changedJson(valid, changes, extras, marker))),
            ),
        ),
        { numRuns: runs },
      );
    });

    it('answers whole bodies that are not one object of fields: malformed, scalars, wrapped, deep', async () => {
      await fc.assert(
        fc.asyncProperty(variants, wholeBody, (variant, shape) =>
          // An insertion inside a string can leave a valid body; the oracle says so, and it is stored.
          sendJudged(variant, (valid) => judged(jsonBody(wholeBodyText(shape, valid)))),
        ),
        { numRuns: runs },
      );
    });

    it('answers form-encoded bodies, malformed or not, as the schema says', async () => {
      await fc.assert(
        fc.asyncProperty(variants, formMutations(fields), (variant, mutations) =>
          sendJudged(variant, (valid) => judged(formBody(mutations.reduce(mutateFormText, formText(valid))))),
        ),
        { numRuns: runs },
      );
    });

    it('refuses bodies with invalid UTF-8 bytes with 400, JSON or form-encoded', async () => {
      await fc.assert(
        fc.asyncProperty(variants, invalidUtf8, fc.nat(), fc.boolean(), (variant, bytes, at, asForm) =>
          sendJudged(variant, (valid) => ({
            request: withBytes(encodeBody(valid, asForm), bytes, at),
            verdict: { refused: 400 },
          })),
        ),
        { numRuns: runs },
      );
    });

    it('refuses a valid body under a wrong or missing content type with 415', async () => {
      await fc.assert(
        fc.asyncProperty(variants, otherContentType, fc.boolean(), (variant, contentType, asForm) =>
          sendJudged(variant, (valid) => ({
            request: { body: encoder.encode(encodeBody(valid, asForm).body), contentType },
            verdict: { refused: 415 },
          })),
        ),
        { numRuns: runs },
      );
    });

    it('refuses bodies over the limit with 413, whether sized, streamed, endless or declared falsely', async () => {
      await fc.assert(
        fc.asyncProperty(variants, oversize, (variant, shape) =>
          sendJudged(variant, (valid) => ({
            request: oversizeBody(shape, valid),
            verdict: { refused: 413 },
          })),
        ),
        { numRuns: runs },
      );
    });

    if (target.idempotent) {
      it('refuses a malformed Idempotency-Key with 400 before storing anything', async () => {
        await fc.assert(
          fc.asyncProperty(variants, badIdempotencyKey, asForms, (variant, keys, asForm) =>
            sendJudged(variant, (valid) => ({
              request: {
                ...encodeBody(valid, asForm),
                headers: keys.map((key): [string, string] => ['idempotency-key', key]),
              },
              verdict: { refused: 400 },
            })),
          ),
          { numRuns: runs },
        );
      });
    }

    const { method } = target;
    if (method) {
      it(`answers any other method with 405 and Allow: ${method}`, async () => {
        await fc.assert(
          fc.asyncProperty(otherMethod([method]), async (other) => {
            const marker = await (target.prepare ?? (async () => newMarker()))();
            const before = await target.observe(marker);
            const response = await target.send({ method: other }, marker);
            await expectAnswer(response, 405);
            expect(response.headers.get('allow')).toBe(method);
            expect(await target.observe(marker)).toEqual(before);
          }),
          { numRuns: 10 },
        );
      });
    }
  });
}

/** A refused no-JavaScript post gets the form page again; anything else gets JSON. */
export const formPageFor = (request: Post) => request.contentType === formType;
