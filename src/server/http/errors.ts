import { isUnavailable } from '../db/database.ts';
import { Refusal, type RefusalReason } from '../refusal.ts';
import { reportError } from '../runtime/error-reporter.ts';
import { HttpError } from './responses.ts';

// Text PostgreSQL cannot store (22021, 22P05): the request is at fault, whatever slipped past the schema.
const unstorableTextCodes = new Set(['22021', '22P05']);

// A number past its column's range (22003, numeric_value_out_of_range): a value the schema let through
// that no row can hold, so the request is at fault, never the server.
const numberOutOfRangeCode = '22003';

/** Each reason a service refuses for, as HTTP says it. */
const refusalStatus = {
  invalid: { status: 422, code: 'validation_failed' },
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  forbidden: { status: 403, code: 'forbidden' },
  too_many: { status: 429, code: 'rate_limited' },
  unavailable: { status: 503, code: 'service_unavailable' },
} as const satisfies Record<RefusalReason, { status: number; code: string }>;

/**
 * What any failure means to the caller: its own HttpError, a service's Refusal, a 400 for unstorable text, 422
 * for a number out of range, 503, or 500.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof Refusal) {
    const { status, code } = refusalStatus[error.reason];
    const retryAfter = error.retryAfterSeconds;
    return new HttpError(
      status,
      code,
      error.message,
      error.fields,
      retryAfter === undefined ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(retryAfter))) },
    );
  }
  if (unstorableTextCodes.has((error as { code?: string } | null)?.code ?? '')) {
    return new HttpError(400, 'bad_request', 'The request contains characters that cannot be stored.');
  }
  if ((error as { code?: string } | null)?.code === numberOutOfRangeCode) {
    return new HttpError(422, 'validation_failed', 'A number in the request is larger than we can store.');
  }
  if (isUnavailable(error)) {
    return new HttpError(
      503,
      'service_unavailable',
      'We could not save this just now because our system is briefly unavailable. Please try again in a minute.',
      undefined,
      { 'retry-after': '30' },
    );
  }
  // Logged and reported for the office, with the request id the answer gives; the visitor gets no stack trace.
  reportError(error);
  return new HttpError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
}
