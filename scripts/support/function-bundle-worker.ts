import { parentPort } from 'node:worker_threads';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';

/**
 * One bundling thread of function-bundle-cache.ts. Netlify's bundler spends its time on the calling
 * thread, tracing every file a function needs (parsing each module of pg, zod, nodemailer, …), so
 * threads use both cores and leave the server's own thread free to answer pages. It bundles a batch of
 * functions in one call, one after another, because one call shares that tracing between them: on 2
 * cores (load average 10) a batch of six took 8 s where six separate calls took 20.
 */
export type BundleJob = { id: number; mainFiles: string[]; targetDirectory: string; options: object };
export type BundleAnswer = { id: number; results?: unknown[]; error?: string };

parentPort?.on('message', async ({ id, mainFiles, targetDirectory, options }: BundleJob) => {
  let answer: BundleAnswer;
  try {
    const results = await zipFunctions({ user: { functions: mainFiles, directories: [] } }, targetDirectory, {
      ...(options as Parameters<typeof zipFunctions>[2]),
      // One at a time, so each function finds the tracing of the ones before it done.
      parallelLimit: 1,
    });
    // Only plain data crosses back to the server.
    answer = { id, results: JSON.parse(JSON.stringify(results)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(answer);
});
