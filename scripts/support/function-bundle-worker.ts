import { parentPort } from 'node:worker_threads';
import { zipFunction } from '@netlify/zip-it-and-ship-it';

/**
 * One bundling thread of function-bundle-cache.ts: Netlify's bundler is mostly JavaScript on the thread
 * that calls it (tracing and copying the files a function needs), so two of these use both cores and
 * leave the server's own thread free to answer pages while functions bundle.
 */
export type BundleJob = { id: number; mainFile: string; targetDirectory: string; options: object };
export type BundleAnswer = { id: number; result?: unknown; error?: string };

parentPort?.on('message', async ({ id, mainFile, targetDirectory, options }: BundleJob) => {
  let answer: BundleAnswer;
  try {
    const result = await zipFunction(mainFile, targetDirectory, options as Parameters<typeof zipFunction>[2]);
    // Only plain data crosses back to the server.
    answer = { id, result: JSON.parse(JSON.stringify(result ?? null)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(answer);
});
