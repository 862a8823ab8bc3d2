import type { EdgeContext } from './edge-context.ts';
import { toHttpError } from './errors.ts';
import { observed } from './observed.ts';
import { allowMethods, refuseCrossOrigin, siteOrigins } from './request.ts';
import { errorResponse } from './responses.ts';

export type Handler = (request: Request, context: EdgeContext) => Promise<Response>;

/**
 * The frame of every API function that is not a public form: the allowed methods, cross-origin writes
 * refused, and any failure mapped to the one error shape (never a stack trace), inside `observed`: the
 * configuration check, the request id and the log line.
 */
export function endpoint(methods: string[], handler: Handler): Handler {
  return observed(async (request, context) => {
    try {
      allowMethods(request, methods);
      if (!['GET', 'HEAD'].includes(request.method)) refuseCrossOrigin(request, siteOrigins());
      return await handler(request, context);
    } catch (error) {
      return errorResponse(toHttpError(error));
    }
  });
}

/** Adds Set-Cookie headers to an answer (a refreshed or cleared session). */
export function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}
