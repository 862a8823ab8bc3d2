import type { ErrorReporter } from './error-reporter.ts';

// Named through a variable, so that no bundler follows it into every function: shipped beside each
// bundle (netlify.toml's external_node_modules), the SDK and OpenTelemetry put 1,100 files into each of
// the 76 functions' folders (1.9 GB and 147,000 files in npm start's bundle cache), and bundling them
// ran out of file descriptors (EMFILE). A site that sets SENTRY_DSN ships the package with the line
// docs/deploy.md gives; without it, the import fails, which is logged, and errors stay in the log.
const sentrySdk = '@sentry/node';

/**
 * Loads the SDK out of the bundler's sight. Netlify's bundler traces every import and require it can
 * see: of a constant it ships the package (the SDK's 1,100 files beside each function), and of one it
 * cannot read it walks all of node_modules for each function, which ran bundling out of file
 * descriptors (EMFILE at 20,000). A require made from `process.getBuiltinModule` is neither; the SDK
 * ships a CommonJS build.
 */
function loadAtRunTime(specifier: string): unknown {
  const { createRequire } = process.getBuiltinModule('node:module');
  return createRequire(`${process.cwd()}/`)(specifier);
}

/**
 * The calls this file makes of `@sentry/node`, written here rather than taken from the package's types:
 * the bundler's file tracer reads `import('@sentry/node')` in a type as an import and ships the SDK.
 */
type SentrySdk = {
  init(options: {
    dsn: string;
    environment: string;
    tracesSampleRate: number;
    defaultIntegrations: false;
  }): unknown;
  withScope(callback: (scope: { setTag(key: string, value: string): unknown }) => void): unknown;
  captureException(error: unknown): unknown;
  flush(timeoutMs: number): Promise<boolean>;
};

/**
 * Unexpected errors sent to Sentry through its official SDK, tagged with the request id (the same as
 * the log line's and the answer's `x-request-id`) or the scheduled job. Only errors: no tracing and
 * none of the SDK's automatic instrumentation of modules.
 */
export async function createSentryReporter(dsn: string): Promise<ErrorReporter> {
  const Sentry = loadAtRunTime(sentrySdk) as SentrySdk;
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
