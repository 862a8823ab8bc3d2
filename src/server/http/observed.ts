import { findConfigurationProblems } from '../config.ts';
import { flushErrorReports, reportError } from '../runtime/error-reporter.ts';
import { log } from '../runtime/logger.ts';
import { readRequestId, runAsRequest } from '../runtime/request-context.ts';
import type { EdgeContext } from './edge-context.ts';
import { errorResponse, HttpError } from './responses.ts';

/**
 * The outermost frame of every function that answers a request: the configuration checked before any
 * work (a production context refuses the embedded defaults: see config.ts), a request id for the log
 * lines and error reports made while it runs, echoed as `x-request-id` on the answer and given in a
 * 5xx's body, and one log line for the answer. The check runs on every request rather than once per
 * instance: it costs a fraction of a millisecond, and a test that changes the environment sees it.
 */
export function observed<Context = EdgeContext>(
  handler: (request: Request, context: Context) => Promise<Response>,
  // Netlify always passes a context; it is optional here for the tests of a handler that reads none.
): (request: Request, context?: Context) => Promise<Response> {
  return (request, context = {} as Context) => {
    const requestId = readRequestId(request);
    return runAsRequest({ requestId }, async () => {
      const started = performance.now();
      const answer = await answerOrRefuse(handler, request, context);
      await flushErrorReports();
      const response = withRequestId(answer, requestId);
      const line = {
        method: request.method,
        // The path only: a query can carry a token (a reset link, a pay link's signature).
        path: new URL(request.url).pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
      };
      if (response.status >= 500) log().error(line, 'answered');
      else log().info(line, 'answered');
      return response;
    });
  };
}

async function answerOrRefuse<Context>(
  handler: (request: Request, context: Context) => Promise<Response>,
  request: Request,
  context: Context,
): Promise<Response> {
  const problems = findConfigurationProblems();
  if (problems.length > 0) {
    // The operator reads what to set in the log; a visitor is told only that the site is not ready.
    log().error({ problems }, 'Configuration refused: this function serves nothing until it is fixed');
    return errorResponse(
      new HttpError(
        503,
        'service_unavailable',
        'This site is not fully configured yet. Please try again later.',
        undefined,
        { 'retry-after': '300' },
      ),
    );
  }
  try {
    return await handler(request, context);
  } catch (error) {
    // The frames inside map their failures; this catches what escaped them.
    reportError(error);
    return errorResponse(
      new HttpError(500, 'internal_error', 'Something went wrong on our side. Please try again.'),
    );
  }
}

/** The answer with its `x-request-id`; a Response whose headers are frozen is copied. */
function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set('x-request-id', requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('x-request-id', requestId);
    return copy;
  }
}
