import type { FieldErrors } from '../lib/form-fields.ts';

/**
 * Why a service declines a request, in the domain's words. Services throw a Refusal and know nothing of
 * HTTP; the edge (src/server/http/errors.ts) turns each reason into its status and error code.
 */
export type RefusalReason =
  /** The input breaks a rule; `fields` says which field and why. */
  | 'invalid'
  /** The thing asked about does not exist (or is not the caller's to see). */
  | 'not_found'
  /** The request is sound but the current state forbids it (dates taken, a status move not allowed). */
  | 'conflict'
  /** The caller is known but may not do this. */
  | 'forbidden'
  /** The caller has done this as often as a limit allows for now; `retryAfterSeconds` says when it frees. */
  | 'too_many'
  /** An outside service the request needs failed; nothing was changed, and trying again later may work. */
  | 'unavailable';

export class Refusal extends Error {
  override name = 'Refusal';
  readonly reason: RefusalReason;
  readonly fields: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    reason: RefusalReason,
    message: string,
    fields?: FieldErrors,
    { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.reason = reason;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
