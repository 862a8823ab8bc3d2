import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type FeedReading, FeedRefusal, readFeedEvents } from './ical-format.ts';

/**
 * Reading a feed away from the event loop that serves the site, under a deadline. Each read gets a
 * worker thread of its own, which is ended when it answers or when its time is up, so a feed the
 * reader's budget did not foresee costs at most its deadline, and the server (`npm start` runs the
 * hourly import in its own process) answers meanwhile.
 *
 * The worker runs this very file: `import.meta.url` is this module from the sources, or, in a function
 * Netlify's bundler built, the bundle that holds it, so the worker needs nothing the deploy does not
 * ship. Loaded as a worker, the module answers one read and nothing else runs.
 */

const role = 'kayal-villas:calendar-feed-reader';

export type ReadLimits = {
  /** How long one feed may take to read, from the moment its worker is ready. */
  readTimeoutMs: number;
  /** How long a worker may take to start (to load this module, or the function's bundle). */
  startTimeoutMs: number;
  /** The worker's heap: a feed within the budget needs a few tens of MB. */
  maxHeapMb: number;
};

export const defaultReadLimits: ReadLimits = { readTimeoutMs: 5000, startTimeoutMs: 30_000, maxHeapMb: 256 };

type Request = { text: string; today: string };
type Answer = { ready: true } | { reading: FeedReading } | { refusal: string };

if (!isMainThread && parentPort && (workerData as { role?: string } | null)?.role === role) {
  const port = parentPort;
  port.once('message', ({ text, today }: Request) => {
    let answer: Answer;
    try {
      answer = { reading: readFeedEvents(text, today) };
    } catch (error) {
      answer = {
        refusal: error instanceof FeedRefusal ? error.message : 'An event of the calendar cannot be read',
      };
    }
    port.postMessage(answer);
  });
  port.postMessage({ ready: true } satisfies Answer);
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * `readFeedEvents(text, today)` in a worker thread: its reading, or a FeedRefusal when the feed is
 * refused, takes longer than `readTimeoutMs` (the worker is then terminated), or outgrows the heap.
 * An Error (not a refusal) means the worker itself could not start.
 */
export function readFeedAway(
  text: string,
  today: string,
  limits: ReadLimits = defaultReadLimits,
): Promise<FeedReading> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { role },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    let timer = setTimeout(
      () =>
        finish(() =>
          reject(new Error(`The calendar reader did not start within ${seconds(limits.startTimeoutMs)}`)),
        ),
      limits.startTimeoutMs,
    );
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) {
        clearTimeout(timer);
        timer = setTimeout(
          () =>
            finish(() =>
              reject(
                new FeedRefusal(
                  `Reading the calendar took longer than ${seconds(limits.readTimeoutMs)}, so it was stopped; the blocks it had are kept`,
                ),
              ),
            ),
          limits.readTimeoutMs,
        );
        worker.postMessage({ text, today } satisfies Request);
      } else if ('reading' in answer) {
        finish(() => resolve(answer.reading));
      } else {
        finish(() => reject(new FeedRefusal(answer.refusal)));
      }
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new FeedRefusal('The calendar needs more memory to read than a feed may use')
            : error,
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The calendar reader stopped (exit code ${code}) before it answered`))),
    );
  });
}
