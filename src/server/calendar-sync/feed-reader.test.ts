import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultReadLimits, type FeedReaders, startFeedReaders } from './feed-reader.ts';
import { FeedRefusal, readFeedEvents } from './ical-format.ts';

const today = '2026-11-25';
const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (uid: string, summary = 'Reserved') =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTART;VALUE=DATE:20270301',
    'DTEND;VALUE=DATE:20270308',
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ].join('\r\n');
/** A legitimate feed that takes ical.js a good part of a second: 5,000 bookings. */
const heavy = calendar(
  ...Array.from({ length: 5000 }, (_, i) => event(`b-${i}`, `Reserved ${'x'.repeat(200)}`)),
);

let readers: FeedReaders | undefined;
afterEach(async () => {
  await readers?.close();
  readers = undefined;
});

describe('startFeedReaders', () => {
  it('answers what readFeedEvents answers, read in another thread', async () => {
    readers = startFeedReaders();
    const text = calendar(event('a'), event('b', 'Reserved\\nDear office'));
    expect(await readers.read(text, today)).toEqual(readFeedEvents(text, today));
    expect(threadId).toBe(0); // this test runs on a main thread; the reads ran elsewhere
  });

  it('passes a refusal through in its own words, and the worker reads the next feed', async () => {
    readers = startFeedReaders();
    await expect(readers.read(calendar(`X-A${';X=1'.repeat(30)}:v`), today)).rejects.toThrow(
      new FeedRefusal('A line of the calendar has more than 20 parameters'),
    );
    expect((await readers.read(calendar(event('a')), today)).events).toHaveLength(1);
  });

  it('stops a read at its deadline, and a fresh worker reads the next feed', async () => {
    readers = startFeedReaders({ ...defaultReadLimits, readTimeoutMs: 20 });
    await expect(readers.read(heavy, today)).rejects.toThrow(
      new FeedRefusal(
        'Reading the calendar took longer than 20 ms, so it was stopped; the blocks it had are kept',
      ),
    );
    // The next read is the point, not its speed: the feed's 5 s deadline was passed once on a machine
    // at load 13, so this read has room to finish however busy the machine is.
    readers = startFeedReaders({ ...defaultReadLimits, readTimeoutMs: 60_000 });
    expect((await readers.read(heavy, today)).events).toHaveLength(5000);
  });

  it('stops a read that uses more processor time than it may, and the worker after it reads a small feed within the same allowance', async () => {
    // 20 ms of a core: the heavy feed takes several times that on any machine this runs on, a feed of
    // two bookings a fraction of it, cold or warm, however busy the machine (the wall deadline is wide).
    readers = startFeedReaders({ ...defaultReadLimits, readTimeoutMs: 60_000, readCpuMs: 20 });
    await expect(readers.read(heavy, today)).rejects.toThrow(
      new FeedRefusal(
        'Reading the calendar took more than 20 ms of processor time, so it was stopped; the blocks it had are kept',
      ),
    );
    expect((await readers.read(calendar(event('a'), event('b')), today)).events).toHaveLength(2);
  });

  it('refuses a feed that outgrows the heap a reader may use', async () => {
    readers = startFeedReaders({ ...defaultReadLimits, maxHeapMb: 8 });
    await expect(readers.read(heavy, today)).rejects.toThrow(
      new FeedRefusal('The calendar needs more memory to read than a feed may use'),
    );
  });
});
