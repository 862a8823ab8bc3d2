import type { z } from 'zod';
import type { FieldErrors } from './form-fields.ts';

/**
 * Who a public form is, as both sides of the network know it: each form's contract fills this in once,
 * and the island, the function and the tests read it from there.
 */
export type PublicFormIdentity<Schema extends z.ZodType<Record<string, unknown>>> = {
  /** Names the rate-limit bucket, the idempotency scope (with the client) and the page's form slot. */
  name: string;
  schema: Schema;
  /** The API route the form posts to, JSON from the island or a plain post without JavaScript. */
  endpoint: string;
  /** The page that shows the form, re-served with errors to a browser without JavaScript. */
  pagePath: string;
  /** Where a browser without JavaScript lands after a successful post. */
  sentPath: string;
};

/** What a form shows: what the person typed, a message per field, and one message for the whole form. */
export type FormState = {
  values: Record<string, string>;
  errors: FieldErrors;
  message?: string | undefined;
};

/**
 * A field people never see (the wrapper is `hidden`, so it is neither shown, announced nor focusable)
 * and simple form bots fill in, because it looks like any other input. The server answers a filled one
 * as if it had stored the submission, and stores nothing: the bot learns nothing to adapt to.
 */
export const honeypotField = 'website';

export function isCaughtInHoneypot(body: unknown): boolean {
  const value = (body as Record<string, unknown> | null)?.[honeypotField];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/**
 * The hidden field that carries a public form's token: when our server handed the page (or the island)
 * its token, signed, so the server can refuse a post sent sooner than a person fills a form in, or with
 * no token of ours (src/server/forms/form-token.ts). Empty in the built page, where the token comes as
 * a cookie instead; filled in the form a refused post is answered with, and by the island.
 */
export const formTokenField = 'formToken';

/**
 * The comments a page puts around a form island, so that a failed no-JavaScript post can be answered
 * with the same page and the form replaced. Pages (FormSlot.astro) and the server both build them here.
 */
export function formSlotMarkers(name: string): { start: string; end: string } {
  return { start: `<!--form:${name}-->`, end: `<!--/form:${name}-->` };
}
