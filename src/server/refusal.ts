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
  | 'forbidden';

export class Refusal extends Error {
  override name = 'Refusal';
  readonly reason: RefusalReason;
  readonly fields: FieldErrors | undefined;

  constructor(reason: RefusalReason, message: string, fields?: FieldErrors) {
    super(message);
    this.reason = reason;
    this.fields = fields;
  }
}
