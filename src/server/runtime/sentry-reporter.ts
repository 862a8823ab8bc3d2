import type { ErrorReporter } from './error-reporter.ts';

// Bundled into every function, imported only when SENTRY_DSN is set, so a site without it never runs
// the SDK (esbuild wraps a dynamic import's module to run on first call). Bundled, it takes health's
// bundle from 1.1 to 2.8 MB. Shipping the package beside each bundle instead (external_node_modules)
// copied its 1,100 files into every one of the 76 functions' folders: 1.9 GB and 147,000 files in
// npm start's bundle cache, and the e2e server ran out of file descriptors (EMFILE) bundling them.

/**
 * Unexpected errors sent to Sentry through its official SDK, tagged with the request id (the same as
 * the log line's and the answer's `x-request-id`) or the scheduled job. Only errors: no tracing and
 * none of the SDK's automatic instrumentation of modules.
 */
export async function createSentryReporter(dsn: string): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    environment: process.env.CONTEXT?.trim() || 'local',
    tracesSampleRate: 0,
    defaultIntegrations: false,
  });
  return {
    report(error, { requestId, job }) {
      Sentry.withScope((scope) => {
        if (requestId) scope.setTag('request_id', requestId);
        if (job) scope.setTag('job', job);
        Sentry.captureException(error);
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}
