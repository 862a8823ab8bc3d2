import { randomUUID } from 'node:crypto';
import { ConfigurationError, findConfigurationProblems } from '../config.ts';
import { flushErrorReports, reportError } from './error-reporter.ts';
import { log } from './logger.ts';
import { runAsRequest } from './request-context.ts';

/**
 * The frame of a scheduled function: the configuration checked first (a run under a configuration the
 * site refuses does nothing and fails, naming what to set), then one log line saying what the run did
 * (`work`'s sentence of counts, never people's data) and how long it took, or the error, reported. Each
 * run has an id of its own, as a request has, on every line it logs.
 */
export function scheduledJob(job: string, work: () => Promise<string>): () => Promise<void> {
  return () =>
    runAsRequest({ requestId: randomUUID() }, async () => {
      const problems = findConfigurationProblems();
      if (problems.length > 0) {
        log().error({ job, problems }, 'Configuration refused: the job did not run');
        throw new ConfigurationError(problems);
      }
      const started = performance.now();
      try {
        const summary = await work();
        log().info({ job, ms: Math.round(performance.now() - started) }, summary);
      } catch (error) {
        reportError(error, { job });
        await flushErrorReports();
        throw error;
      }
    });
}
