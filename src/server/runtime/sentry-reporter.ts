import type { ErrorReporter } from './error-reporter.ts';

// Named through a variable so that no bundler follows it: bundled, the SDK and OpenTelemetry took
// health's bundle from 1.1 to 2.8 MB (every function's grows alike), read at each cold start of a site
// that may not use them. netlify.toml's external_node_modules ships the package for those that do.
const sentrySdk = '@sentry/node';

/**
 * Unexpected errors sent to Sentry through its official SDK, tagged with the request id (the same as
 * the log line's and the answer's `x-request-id`) or the scheduled job. Only errors: no tracing and
 * none of the SDK's automatic instrumentation of modules.
 */
export async function createSentryReporter(dsn: string): Promise<ErrorReporter> {
  const Sentry = (await import(sentrySdk)) as typeof import('@sentry/node');
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
