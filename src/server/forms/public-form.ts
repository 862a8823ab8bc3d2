import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { firstErrorPerField } from '../../lib/form-fields.ts';
import { formTokenField, isCaughtInHoneypot, type PublicFormIdentity } from '../../lib/public-forms.ts';
import { siteUrl } from '../config.ts';
import { anonymous, serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, type EmailKind } from '../email/delivery.ts';
import type { Email } from '../email/email.ts';
import type { OfficeAlert } from '../email/office-alert.ts';
import { queueCappedEmail } from '../email/recipient-caps.ts';
import type { EdgeContext } from '../http/edge-context.ts';
import type { Handler } from '../http/endpoint.ts';
import { toHttpError } from '../http/errors.ts';
import {
  claimIdempotencyKey,
  hashRequest,
  publicFormScope,
  readIdempotencyKey,
  rememberAnswer,
} from '../http/idempotency.ts';
import { observed } from '../http/observed.ts';
import { enforceRateLimit, formRateLimit } from '../http/rate-limit.ts';
import { allowMethods, clientAddress, readBody, refuseCrossOrigin, siteOrigins } from '../http/request.ts';
import { errorResponse, HttpError, json, redirect } from '../http/responses.ts';
import { checkFormToken } from './form-token.ts';
import { alertOfficeOrHold } from './office-alerts.ts';
import { type FormRenderer, renderFormPage } from './render-form-page.ts';

/**
 * Everything that differs between one public form and another: its contract, where it is stored, and
 * the alert the office gets of each post.
 */
export type PublicForm<Schema extends z.ZodType<Record<string, unknown>>> = PublicFormIdentity<Schema> & {
  /** Stores the post; a `reference` it answers is the person's to quote, and the API answers it too. */
  store: (tx: Transaction, input: z.infer<Schema>) => Promise<{ id: string; reference?: string }>;
  /**
   * The person's own receipt, queued in the row's transaction under the mailbox caps (anyone can type
   * anyone's address); a form without one sends the person nothing, nor does one whose message is
   * undefined (a buyer who gave only a phone number).
   */
  receipt?: {
    kind: EmailKind;
    message: (
      input: z.infer<Schema>,
      stored: { id: string; reference?: string },
      siteUrl: string,
    ) => Email | undefined;
  };
  /** The page a refused no-JavaScript post is answered on, when the form is on more than one page. */
  pagePathFor?: (values: Record<string, string>) => string | undefined;
  officeAlert: {
    kind: EmailKind;
    /** The form's posts in the plural, for the digest that lists held alerts: "contact messages". */
    many: string;
    describe: (input: z.infer<Schema>) => OfficeAlert;
  };
};

/**
 * The frame of every public form's function: the pipeline below with the form's markup renderer, which
 * the function passes in because the markup is the island's and src/server renders no components.
 */
export function publicFormEndpoint<Schema extends z.ZodType<Record<string, unknown>>>(
  form: PublicForm<Schema>,
  renderForm: FormRenderer,
): Handler {
  return observed((request, context) => submitPublicForm(form, renderForm, request, context));
}

/**
 * POST handler shared by every public form: method, origin, rate limit, body size and type, the
 * honeypot, validation with the form's own schema, the form token (form-token.ts), idempotency, one
 * transaction as `anon` that stores the row and queues the office's alert (sent before answering, or
 * later by the worker) or holds it for a digest (office-alerts.ts). JSON clients get 201 or the error
 * shape; a plain HTML form post gets a 303 to the confirmation page or the form again with its errors.
 */
export async function submitPublicForm<Schema extends z.ZodType<Record<string, unknown>>>(
  form: PublicForm<Schema>,
  renderForm: FormRenderer,
  request: Request,
  context?: Pick<EdgeContext, 'ip'>,
): Promise<Response> {
  // Known before the body is read, so even a refused no-JavaScript post gets a page, not JSON.
  let format: 'json' | 'form' = isFormPost(request) ? 'form' : 'json';
  let submitted: Record<string, string> = {};
  try {
    allowMethods(request, ['POST']);
    refuseCrossOrigin(request, siteOrigins());
    const idempotencyKey = readIdempotencyKey(request);
    // Read before the rate limit, so a refused no-JavaScript post can still show what was typed.
    const body = await readBody(request);
    format = body.format;
    if (body.format === 'form') submitted = body.value;
    const client = clientAddress(context);
    await enforceRateLimit(formRateLimit(form.name), client);

    if (isCaughtInHoneypot(body.value)) {
      // A bot's answer looks like success, so it has no reason to try again differently.
      return format === 'form' ? redirect(form.sentPath) : json({ id: randomUUID() }, 201);
    }
    const parsed = form.schema.safeParse(body.value);
    if (!parsed.success) {
      throw new HttpError(
        422,
        'validation_failed',
        'Some fields need your attention.',
        firstErrorPerField(parsed.error),
      );
    }
    const token = await checkFormToken(request, body.value);
    if (!token.ready) {
      // The form it is answered with carries the token to post next, for a browser that keeps no cookies.
      submitted = { ...submitted, [formTokenField]: token.next };
      throw token.refusal;
    }
    const scope = publicFormScope(form.name, client);
    const { answer, emails } = await withCaller(anonymous, async (tx) => {
      if (idempotencyKey) {
        const previous = await claimIdempotencyKey(tx, scope, idempotencyKey, hashRequest(parsed.data));
        if (previous) return { answer: previous, emails: [] };
      }
      const stored = await form.store(tx, parsed.data);
      const { id } = stored;
      const created = { status: 201, body: stored };
      if (idempotencyKey) await rememberAnswer(tx, scope, idempotencyKey, created);
      // In the row's transaction, so the alert (or its place in a digest) exists exactly when the row
      // does; anon may not queue.
      const alert = form.officeAlert.describe(parsed.data);
      const queued = await tx.as(serviceRole, () => alertOfficeOrHold(tx, form, { id }, alert, siteUrl()));
      const receiptMessage = form.receipt?.message(parsed.data, stored, siteUrl());
      const receiptKind = form.receipt?.kind;
      const receiptId =
        receiptMessage && receiptKind
          ? await tx.as(serviceRole, () => queueCappedEmail(tx, receiptKind, receiptMessage))
          : undefined;
      return { answer: created, emails: [queued, receiptId].filter((email) => email !== undefined) };
    });
    // A mail server that is down leaves the alert queued for the worker; the post stands either way.
    await deliverQueuedEmails(emails);
    return format === 'form' ? redirect(form.sentPath) : json(answer.body, answer.status);
  } catch (error) {
    const refusal = toHttpError(error);
    if (format === 'form' && refusal.status !== 415 && refusal.status !== 405) {
      const pagePath = form.pagePathFor?.(submitted) ?? form.pagePath;
      return renderFormPage({ name: form.name, pagePath }, renderForm, submitted, refusal);
    }
    return errorResponse(refusal);
  }
}

function isFormPost(request: Request): boolean {
  return (request.headers.get('content-type') ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
}
