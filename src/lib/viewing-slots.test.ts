import { describe, expect, it } from 'vitest';
import {
  describeSlotTime,
  describeViewingSlot,
  describeZone,
  isOfficeSlot,
  listFreeSlots,
  listOfficeSlots,
  readBuyerZone,
  type ViewingHours,
  viewingHoursSchema,
} from './viewing-slots.ts';

const hours: ViewingHours = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  opens: '09:30',
  closes: '18:30',
  slotMinutes: 60,
  closedOn: ['2026-12-25'],
  noticeHours: 24,
  daysAhead: 7,
};
// Tuesday 22 December 2026, 12:00 India time.
const now = new Date('2026-12-22T06:30:00Z');
const india = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

describe('listOfficeSlots', () => {
  const slots = listOfficeSlots(hours, now);

  it('starts after the notice: the first slot is the next day’s first at or after this hour', () => {
    expect(india(slots[0] as Date)).toBe('Wed 23, 12:30');
  });

  it('offers only the office’s hours: every slot starts 09:30 to 17:30 India time and ends by closing', () => {
    const starts = new Set(slots.map((slot) => india(slot).slice(-5)));
    expect([...starts].sort()).toEqual([
      '09:30',
      '10:30',
      '11:30',
      '12:30',
      '13:30',
      '14:30',
      '15:30',
      '16:30',
      '17:30',
    ]);
  });

  it('skips the day off each week and the dates the office is closed', () => {
    const days = new Set(slots.map((slot) => india(slot).slice(0, 6)));
    expect(days).not.toContain('Fri 25');
    expect(days).not.toContain('Sun 27');
    expect(days).toContain('Sat 26');
    expect(days).toContain('Tue 29');
  });

  it('is what isOfficeSlot accepts, and nothing else', () => {
    expect(isOfficeSlot(hours, slots[3] as Date, now)).toBe(true);
    // 20:30 and 22:00 India time, the hours the old form let through.
    expect(isOfficeSlot(hours, new Date('2026-12-23T15:00:00Z'), now)).toBe(false);
    expect(isOfficeSlot(hours, new Date('2026-12-23T16:30:00Z'), now)).toBe(false);
    // Within the notice.
    expect(isOfficeSlot(hours, new Date('2026-12-22T08:00:00Z'), now)).toBe(false);
  });
});

describe('listFreeSlots', () => {
  it('leaves out the slots other viewings have taken', () => {
    const [first, second] = listOfficeSlots(hours, now) as [Date, Date];
    const free = listFreeSlots(hours, now, [new Date(first.getTime())]);
    expect(free[0]).toEqual(second);
  });
});

describe('describing a slot', () => {
  const slot = new Date('2026-12-23T07:00:00Z');
  it.each([
    ['Asia/Dubai', '11:00 Dubai time (12:30 India time)'],
    ['Europe/London', '07:00 London time (12:30 India time)'],
    ['Asia/Kolkata', '12:30 India time'],
    ['America/New_York', '02:00 New York time (12:30 India time)'],
  ])('in %s: %s', (zone, words) => {
    expect(describeSlotTime(slot, zone)).toBe(words);
  });

  it('names India’s day when the buyer’s clock is on another', () => {
    expect(describeSlotTime(new Date('2026-12-23T04:00:00Z'), 'America/Los_Angeles')).toBe(
      '20:00 Los Angeles time (09:30 India time, Wed 23 Dec 2026)',
    );
  });

  it('gives the day on the buyer’s clock', () => {
    expect(describeViewingSlot(slot, 'Asia/Dubai')).toBe(
      'Wed 23 Dec 2026, 11:00 Dubai time (12:30 India time)',
    );
  });

  it('calls a zone by its city', () => {
    expect(describeZone('Asia/Dubai')).toBe('Dubai time');
    expect(describeZone('Asia/Kolkata')).toBe('India time');
    expect(describeZone('America/Los_Angeles')).toBe('Los Angeles time');
  });

  it('reads a zone the runtime does not know as India’s', () => {
    expect(readBuyerZone('Mars/Olympus')).toBe('Asia/Kolkata');
    expect(readBuyerZone('Asia/Dubai')).toBe('Asia/Dubai');
  });
});

describe('viewingHoursSchema', () => {
  it('refuses a day that closes before it opens', () => {
    expect(viewingHoursSchema.safeParse({ ...hours, closes: '08:00' }).success).toBe(false);
  });
});
