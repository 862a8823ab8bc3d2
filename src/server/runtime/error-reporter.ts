import { log } from './logger.ts';
import { currentRequestId } from './request-context.ts';
import { createSentryReporter } from './sentry-reporter.ts';

/**
 * Where unexpected errors go besides the log: Sentry when SENTRY_DSN is set (`sentry-reporter.ts`),
 * nowhere else otherwise. `flush` waits for what was sent, since a function instance may be frozen
 * as soon as its answer is returned.
 */
export type ErrorReporter = {
  report(error: unknown, context: { requestId?: string; job?: string }): void;
  flush(timeoutMs: number): Promise<void>;
};

let reporter: { dsn: string; loading: Promise<ErrorReporter> } | undefined;

function chooseReporter(): Promise<ErrorReporter> | undefined {
  const dsn = process.env.SENTRY_DSN?.trim();
  if (!dsn) return undefined;
  if (reporter?.dsn !== dsn) {
    // The SDK itself is loaded only now, when configured (sentry-reporter.ts says why).
    reporter = { dsn, loading: createSentryReporter(dsn) };
  }
  return reporter.loading;
}

const pending = new Set<Promise<unknown>>();

/**
 * Logs an unexpected error with the request id it happened in, and hands it to the error reporter
 * when one is configured. Never throws: a reporter that fails is logged, and the answer goes out.
 */
export function reportError(error: unknown, context: { job?: string } = {}): void {
  const requestId = currentRequestId();
  log().error({ err: error, ...context }, 'Unexpected error');
  const loading = chooseReporter();
  if (!loading) return;
  const sent = loading
    .then((chosen) => chosen.report(error, { requestId, ...context }))
    .catch((failure: unknown) => log().warn({ err: failure }, 'The error reporter failed'));
  pending.add(sent);
  void sent.finally(() => pending.delete(sent));
}

/** Waits (up to `timeoutMs`) until every reported error has been handed to the reporter and sent. */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (pending.size === 0) return;
  const loading = reporter?.loading;
  await Promise.all(pending);
  if (loading) await loading.then((loaded) => loaded.flush(timeoutMs)).catch(() => {});
}
