import type { ErrorCode } from '../../lib/api-contract.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { currentRequestId } from '../runtime/request-context.ts';

/**
 * netlify.toml headers reach only the files Netlify serves, so every function response carries its own.
 * An API answer is data: it never runs, never frames, never caches.
 */
export const apiSecurityHeaders: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
};

/** A refusal that maps straight to the API's one error shape. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    fields?: FieldErrors,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...apiSecurityHeaders, ...headers },
  });
}

/**
 * The one error shape. A 5xx names the request's id, so a guest who quotes it leads the office to the
 * log line of what went wrong.
 */
export function errorResponse(error: HttpError): Response {
  const requestId = error.status >= 500 ? currentRequestId() : undefined;
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
  return json(body, error.status, error.headers);
}

export function redirect(location: string, status = 303): Response {
  return new Response(null, { status, headers: { location, ...apiSecurityHeaders } });
}
