/**
 * What a feed may cost before ical.js reads it. The parser is quadratic in a line's parameters (2 MB of
 * one property with 520,000 of them took 7.9 s) and recursive in places, so the text is measured first,
 * in one linear pass that never builds a line: its size, its lines, each unfolded line's length and
 * parameters, how deep components nest and how many there are. Every limit sits far above what
 * Airbnb, Booking.com, Vrbo or Google Calendar export for one home.
 */

export type FeedBudget = {
  /** Characters in the whole text; the fetch also stops at 2 MiB of bytes. */
  maxChars: number;
  /** Physical lines (a folded line counts each of its pieces). */
  maxLines: number;
  /** Characters of one unfolded (logical) line. */
  maxLineChars: number;
  /** Parameters on one property (`DTSTART;VALUE=DATE;TZID=…` has two). */
  maxParameters: number;
  /** How deep components nest: VCALENDAR › VEVENT › VALARM is 3. */
  maxDepth: number;
  /** Components of any kind. */
  maxComponents: number;
  /** VEVENTs: no platform exports more than this for one home. */
  maxEvents: number;
};

export const feedBudget: FeedBudget = {
  maxChars: 2 * 1024 * 1024,
  maxLines: 100_000,
  maxLineChars: 20_000,
  maxParameters: 20,
  maxDepth: 4,
  maxComponents: 15_000,
  maxEvents: 5000,
};

const carriageReturn = 13;
const space = 32;
const tab = 9;
const quote = 34;
const colon = 58;
const semicolon = 59;

/** The state of the logical line being read: its length, and where its name and parameters end. */
type Line = { chars: number; parameters: number; inValue: boolean; inQuotes: boolean; head: string };

/**
 * Why the text is over `budget`, in the office's words and without a word of the feed, or null.
 * Lines end at LF (a CR before it is dropped) and continue on a line that starts with a space or a
 * tab, as ical.js reads them.
 */
export function findBudgetProblem(text: string, budget: FeedBudget = feedBudget): string | null {
  if (text.length > budget.maxChars) {
    return `The calendar is larger than ${Math.round(budget.maxChars / 1024)} KB`;
  }
  let lines = 0;
  let depth = 0;
  let components = 0;
  let events = 0;
  let line: Line | undefined;

  // Called once a logical line is complete: only BEGIN and END lines change anything.
  const finish = (done: Line): string | null => {
    const head = done.head.toUpperCase();
    if (head.startsWith('BEGIN:')) {
      depth += 1;
      components += 1;
      if (head === 'BEGIN:VEVENT') events += 1;
      if (depth > budget.maxDepth) return `The calendar’s parts are nested more than ${budget.maxDepth} deep`;
      if (components > budget.maxComponents)
        return `The calendar has more than ${budget.maxComponents} parts`;
      if (events > budget.maxEvents) return `The calendar has more than ${budget.maxEvents} events`;
    } else if (head.startsWith('END:')) {
      depth = Math.max(0, depth - 1);
    }
    return null;
  };

  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const contentEnd = end > start && text.charCodeAt(end - 1) === carriageReturn ? end - 1 : end;
    lines += 1;
    if (lines > budget.maxLines) return `The calendar has more than ${budget.maxLines} lines`;
    const first = text.charCodeAt(start);
    let from = start;
    if (line && (first === space || first === tab)) {
      from = start + 1;
    } else {
      if (line) {
        const problem = finish(line);
        if (problem) return problem;
      }
      line = { chars: 0, parameters: 0, inValue: false, inQuotes: false, head: '' };
    }
    line.chars += contentEnd - from;
    if (line.chars > budget.maxLineChars) {
      return `A line of the calendar is longer than ${budget.maxLineChars} characters`;
    }
    // Only the name and parameters are walked character by character; a value is only counted.
    for (let at = from; at < contentEnd && !line.inValue; at += 1) {
      const code = text.charCodeAt(at);
      if (code === quote) line.inQuotes = !line.inQuotes;
      else if (!line.inQuotes && code === semicolon) {
        line.parameters += 1;
        if (line.parameters > budget.maxParameters)
          return `A line of the calendar has more than ${budget.maxParameters} parameters`;
      } else if (!line.inQuotes && code === colon) line.inValue = true;
    }
    // BEGIN:VCALENDAR and its kind are short; a longer head is no BEGIN or END worth knowing.
    if (line.head.length < 64) line.head += text.slice(from, Math.min(contentEnd, from + 64));
    start = end + 1;
    if (newline === -1) break;
  }
  if (line) return finish(line);
  return null;
}
