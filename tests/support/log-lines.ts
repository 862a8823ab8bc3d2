import { vi } from 'vitest';

/** One line of the site's JSON log (src/server/runtime/logger.ts). */
export type LogLine = { level: number; msg: string; requestId?: string } & Record<string, unknown>;

/**
 * Reads what the site logs while `work` runs, from the info level up: every JSON line written to
 * stdout, parsed, and kept off the test's own output. Anything else written to stdout meanwhile is let through.
 */
export async function captureLog<T>(work: () => Promise<T>): Promise<{ result: T; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  // The suite logs warnings and errors only (vitest.config.ts); a capture reads every line.
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    const text = String(chunk);
    try {
      lines.push(JSON.parse(text));
      return true;
    } catch {
      return write(chunk, ...(rest as []));
    }
  });
  try {
    return { result: await work(), lines };
  } finally {
    spy.mockRestore();
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
  }
}
