import { constants, setPriority } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type FeedReading, FeedRefusal, readFeedEvents } from './ical-format.ts';

/**
 * Reading feeds away from the event loop that serves the site, each under a deadline. An import starts
 * a few worker threads (one per feed it reads at a time) and ends them when it is done; a worker whose
 * read runs past its deadline, or outgrows its heap, is terminated on the spot and replaced. So a feed
 * the reader's budget did not foresee costs at most its deadline, and the server (`npm start` runs the
 * hourly import in its own process) answers meanwhile.
 *
 * The worker runs this very file: `import.meta.url` is this module from the sources, or, in a function
 * Netlify's bundler built, the bundle that holds it, so the worker needs nothing the deploy does not
 * ship. Loaded as a worker, the module answers reads and nothing else runs.
 */

/** What a worker is given to know it is a reader (tests/api/function-bundles.test.ts starts one so). */
export const readerRole = 'kayal-villas:calendar-feed-reader';

export type ReadLimits = {
  /** How long one feed may take to read, from the moment it reaches a ready worker. */
  readTimeoutMs: number;
  /**
   * How much processor time one feed's read may use: what a feed costs, however busy the machine. The
   * reader runs at the lowest priority, so on a loaded machine a feed of a few milliseconds' work can
   * wait longer than a costly one takes on a quiet one; the deadline bounds how long an import waits,
   * this how much work a feed may make.
   */
  readCpuMs: number;
  /** How long a worker may take to start (to load this module, or the function's bundle). */
  startTimeoutMs: number;
  /** A worker's heap: a feed within the budget needs a few tens of MB. */
  maxHeapMb: number;
};

/** A feed at the edge of the budget (feed-budget.ts) takes 0.1–0.5 s of a core to read. */
export const defaultReadLimits: ReadLimits = {
  readTimeoutMs: 5000,
  readCpuMs: 2000,
  startTimeoutMs: 30_000,
  maxHeapMb: 256,
};

type Request = { text: string; today: string };
type Answer = { ready: true } | { reading: FeedReading } | { refusal: string };

if (!isMainThread && parentPort && (workerData as { role?: string } | null)?.role === readerRole) {
  const port = parentPort;
  // On Linux a nice value belongs to the thread that sets it: reading yields the cores to the threads
  // that answer the site's requests. Elsewhere (or where refused) it reads at the usual priority.
  try {
    setPriority(constants.priority.PRIORITY_LOW);
  } catch {}
  port.on('message', ({ text, today }: Request) => {
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

/** A duration as the office reads it: "300 ms", "5 s". */
const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`);

/** Reads feeds in worker threads; `close` ends the idle ones. */
export type FeedReaders = {
  /**
   * `readFeedEvents(text, today)` in a worker: its reading, or a FeedRefusal when the feed is refused,
   * takes longer than `readTimeoutMs` or more processor time than `readCpuMs`, or outgrows the heap
   * (the worker is then terminated). An Error
   * (not a refusal) means a worker could not start.
   */
  read: (text: string, today: string) => Promise<FeedReading>;
  close: () => Promise<void>;
};

/**
 * Listens to a worker until `stop` is called: the listeners are removed one by one, never with
 * removeAllListeners, which would also drop the ones Worker itself keeps to start reading its port.
 */
function listen(
  worker: Worker,
  on: {
    message?: (answer: Answer) => void;
    error: (error: Error & { code?: string }) => void;
    exit: (code: number) => void;
  },
): () => void {
  if (on.message) worker.on('message', on.message);
  worker.on('error', on.error);
  worker.on('exit', on.exit);
  return () => {
    if (on.message) worker.off('message', on.message);
    worker.off('error', on.error);
    worker.off('exit', on.exit);
  };
}

const outOfMemory = (error: Error & { code?: string }) =>
  error.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? new FeedRefusal('The calendar needs more memory to read than a feed may use')
    : error;

/** Workers for one import: each read takes an idle one or starts one, and gives it back if it is well. */
export function startFeedReaders(limits: ReadLimits = defaultReadLimits): FeedReaders {
  const idle = new Map<Worker, () => void>();

  // While idle, a worker that fails or stops leaves the pool; its error is nobody's to throw.
  const keepIdle = (worker: Worker) => {
    const leave = () => {
      idle.get(worker)?.();
      idle.delete(worker);
      void worker.terminate();
    };
    idle.set(worker, listen(worker, { error: leave, exit: leave }));
  };

  const takeIdle = (): Worker | undefined => {
    const [entry] = idle;
    if (!entry) return undefined;
    const [worker, stop] = entry;
    stop();
    idle.delete(worker);
    return worker;
  };

  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { role: readerRole },
        resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
      });
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        stop();
        outcome();
      };
      const fail = (error: Error) =>
        settle(() => {
          void worker.terminate();
          reject(error);
        });
      const stop = listen(worker, {
        message: () => settle(() => resolve(worker)),
        error: (error) => fail(outOfMemory(error)),
        exit: (code) => fail(new Error(`The calendar reader stopped (exit code ${code}) as it started`)),
      });
      const timer = setTimeout(
        () => fail(new Error(`The calendar reader did not start within ${seconds(limits.startTimeoutMs)}`)),
        limits.startTimeoutMs,
      );
    });

  const read = async (text: string, today: string): Promise<FeedReading> => {
    const worker = takeIdle() ?? (await start());
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (keep: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(cpuCheck);
        stop();
        if (keep) keepIdle(worker);
        else void worker.terminate();
        outcome();
      };
      const stop = listen(worker, {
        message: (answer) => {
          if ('reading' in answer) finish(true, () => resolve(answer.reading));
          else if ('refusal' in answer) finish(true, () => reject(new FeedRefusal(answer.refusal)));
        },
        error: (error) => finish(false, () => reject(outOfMemory(error))),
        exit: (code) =>
          finish(false, () =>
            reject(new Error(`The calendar reader stopped (exit code ${code}) before it answered`)),
          ),
      });
      const timer = setTimeout(
        () =>
          finish(false, () =>
            reject(
              new FeedRefusal(
                `Reading the calendar took longer than ${seconds(limits.readTimeoutMs)}, so it was stopped; the blocks it had are kept`,
              ),
            ),
          ),
        limits.readTimeoutMs,
      );
      // The worker's own thread's processor time, read a few times within its allowance. Node 24.6
      // added `worker.cpuUsage`; on an older runtime only the deadline applies.
      const cpuAtStart = typeof worker.cpuUsage === 'function' ? worker.cpuUsage() : undefined;
      const cpuCheck =
        cpuAtStart &&
        setInterval(
          () => {
            void cpuAtStart
              .then((start) => worker.cpuUsage(start))
              .then(({ user, system }) => {
                if ((user + system) / 1000 <= limits.readCpuMs) return;
                finish(false, () =>
                  reject(
                    new FeedRefusal(
                      `Reading the calendar took more than ${seconds(limits.readCpuMs)} of processor time, so it was stopped; the blocks it had are kept`,
                    ),
                  ),
                );
              })
              // A worker that has just ended has no time to read: its end settles the read.
              .catch(() => {});
          },
          Math.max(5, Math.min(50, limits.readCpuMs / 4)),
        );
      worker.postMessage({ text, today } satisfies Request);
    });
  };

  const close = async () => {
    const workers = [...idle.keys()];
    for (const stop of idle.values()) stop();
    idle.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
  return { read, close };
}
