import pino from 'pino';
import { readLogSettings } from '../config.ts';
import { currentRequestId } from './request-context.ts';

/** The level's name as pino numbers it, for the pretty lines. */
const levelNames: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

// Fields every line has; the pretty line shows them in its own way and prints the rest as key=value.
const shownApart = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'requestId', 'err']);

/**
 * One JSON log line as a person reads it in a terminal: `12:04:05 warn  [id] message key=value`, and an
 * error's stack below it. Anything that is not a log line of ours passes through as it is.
 */
export function formatPrettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const time = new Date(Number(entry.time)).toISOString().slice(11, 19);
  const level = (levelNames[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const id = entry.requestId ? ` [${String(entry.requestId).slice(0, 8)}]` : '';
  const rest = Object.entries(entry)
    .filter(([key]) => !shownApart.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const error = entry.err as { stack?: string; message?: string } | undefined;
  const stack = error ? `\n  ${(error.stack ?? error.message ?? '').replaceAll('\n', '\n  ')}` : '';
  return `${time} ${level}${id} ${entry.msg ?? ''}${rest ? ` ${rest}` : ''}${stack}\n`;
}

let current: { key: string; logger: pino.Logger } | undefined;

/**
 * The site's logger: one JSON line per event on stdout (Netlify keeps a function's stdout as its log),
 * each with the request id of the request it belongs to; with LOG_FORMAT=pretty (`npm start` in a
 * terminal) the same lines formatted for a person. Written through process.stdout, so a test can read
 * what was logged.
 */
export function log(): pino.Logger {
  // Keyed on the raw values, so a call reads two variables, not the whole environment's schema.
  const key = `${process.env.LOG_LEVEL}:${process.env.LOG_FORMAT}`;
  if (current?.key === key) return current.logger;
  const { LOG_LEVEL, LOG_FORMAT } = readLogSettings();
  const destination =
    LOG_FORMAT === 'pretty'
      ? { write: (line: string) => process.stdout.write(formatPrettyLine(line)) }
      : { write: (line: string) => process.stdout.write(line) };
  const logger = pino(
    {
      level: LOG_LEVEL,
      // pid and hostname say nothing on a function instance, and add to every line.
      base: undefined,
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
  current = { key, logger };
  return logger;
}
