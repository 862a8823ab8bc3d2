import { describe, expect, it } from 'vitest';
import { formatPrettyLine } from './logger.ts';

const at = Date.parse('2026-12-02T09:04:05.000Z');

describe('formatPrettyLine', () => {
  it.each([
    [
      'an answer, with its request id cut to 8 characters',
      { level: 30, time: at, requestId: '2216c65c-a1b4-4ef6', method: 'GET', status: 200, msg: 'answered' },
      '09:04:05 info  [2216c65c] answered method=GET status=200\n',
    ],
    [
      "a job's line, without a request id",
      { level: 40, time: at, job: 'send-emails', msg: 'Emails: 0 sent' },
      '09:04:05 warn  Emails: 0 sent job=send-emails\n',
    ],
    [
      'an error with its stack, indented below',
      { level: 50, time: at, err: { stack: 'Error: down\n    at x' }, msg: 'Unexpected error' },
      '09:04:05 error Unexpected error\n  Error: down\n      at x\n',
    ],
  ])('%s', (_what, line, pretty) => {
    expect(formatPrettyLine(JSON.stringify(line))).toBe(pretty);
  });

  it('passes through a line that is not JSON', () => {
    expect(formatPrettyLine('plain text\n')).toBe('plain text\n');
  });
});
