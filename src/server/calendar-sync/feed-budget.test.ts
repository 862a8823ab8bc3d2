import { describe, expect, it } from 'vitest';
import { feedBudget, findBudgetProblem } from './feed-budget.ts';

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) =>
  ['BEGIN:VEVENT', 'UID:a', 'DTSTART;VALUE=DATE:20270301', ...lines, 'END:VEVENT'].join('\r\n');
const nested = (depth: number) =>
  calendar(
    ...Array.from({ length: depth - 1 }, () => 'BEGIN:X-PART'),
    ...Array.from({ length: depth - 1 }, () => 'END:X-PART'),
  );
const parameters = (count: number) => calendar(event(`SUMMARY${';X=1'.repeat(count)}:Reserved`));

describe('findBudgetProblem', () => {
  it.each([
    ['an ordinary feed', calendar(event('DTEND;VALUE=DATE:20270308', 'SUMMARY:Reserved')), null],
    ['an empty text', '', null],
    [`${feedBudget.maxParameters} parameters on a line`, parameters(feedBudget.maxParameters), null],
    [
      `${feedBudget.maxParameters + 1} parameters on a line`,
      parameters(feedBudget.maxParameters + 1),
      'parameters',
    ],
    // ical.js reads parameters in quadratic time: 520,000 of them took 7.9 s. So many cannot fit in
    // one line; the line's length refuses them first.
    ['500,000 parameters on a line', parameters(500_000), 'longer than'],
    ['1,000 parameters on a line', parameters(1000), 'parameters'],
    [
      'semicolons and colons inside a quoted parameter value',
      calendar(
        event(`ATTENDEE;CN="a;b;c;d;e;f;g;h;i;j;k;l;m;n;o;p;q;r;s;t;u;v;w;x;y:z":mailto:a@example.com`),
      ),
      null,
    ],
    ['semicolons in a value', calendar(event(`SUMMARY:${';'.repeat(1000)}`)), null],
    [
      'a parameter on a folded continuation',
      calendar(event(`SUMMARY${';X-P=1'.repeat(15)}\r\n ${';X-Q=1'.repeat(6)}:R`)),
      'parameters',
    ],
    [
      'a line as long as allowed, folded',
      calendar(
        event(`DESCRIPTION:${'x'.repeat(feedBudget.maxLineChars - 12)}`.replace(/(.{74})/g, '$1\r\n ')),
      ),
      null,
    ],
    [
      'a line longer than allowed',
      calendar(event(`DESCRIPTION:${'x'.repeat(feedBudget.maxLineChars)}`)),
      'line',
    ],
    [
      'a line longer than allowed, folded',
      calendar(event(`DESCRIPTION:${'x'.repeat(feedBudget.maxLineChars)}`.replace(/(.{74})/g, '$1\r\n '))),
      'line',
    ],
    [
      'more lines than allowed',
      calendar(...Array.from({ length: feedBudget.maxLines }, () => 'X-A:b')),
      'lines',
    ],
    [`components nested ${feedBudget.maxDepth} deep`, nested(feedBudget.maxDepth), null],
    [`components nested ${feedBudget.maxDepth + 1} deep`, nested(feedBudget.maxDepth + 1), 'nested'],
    ['components nested 20,000 deep', nested(20_000), 'nested'],
    [
      `${feedBudget.maxEvents} events`,
      calendar(...Array.from({ length: feedBudget.maxEvents }, () => event())),
      null,
    ],
    [
      `${feedBudget.maxEvents + 1} events`,
      calendar(...Array.from({ length: feedBudget.maxEvents + 1 }, () => event())),
      'events',
    ],
    [
      'more components than allowed',
      calendar(...Array.from({ length: feedBudget.maxComponents + 1 }, () => 'BEGIN:X-A\r\nEND:X-A')),
      'parts',
    ],
    ['more characters than allowed', calendar(`X-A:${'x'.repeat(feedBudget.maxChars)}`), 'larger'],
    ['lower-case and LF-only lines', calendar('begin:vevent', 'end:vevent').replaceAll('\r\n', '\n'), null],
  ])('%s', (_name, text, problem) => {
    const found = findBudgetProblem(text);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });

  it('names no part of the feed in its reason', () => {
    const found = findBudgetProblem(calendar(`<script>${';x=1'.repeat(100)}:alert(1)</script>`));
    expect(found).not.toBeNull();
    expect(found).not.toMatch(/script|alert|</);
  });
});
