import { describe, expect, it } from 'vitest';
import { describeGuests, describeNights, describeRequestStatus, formatStayDate } from './stay-words.ts';

describe('formatStayDate', () => {
  it.each([
    ['2027-03-14', 'Sun, 14 March 2027'],
    ['2028-02-29', 'Tue, 29 February 2028'],
    ['2027-01-01', 'Fri, 1 January 2027'],
  ])('%s reads %s', (date, expected) => {
    expect(formatStayDate(date)).toBe(expected);
  });

  it.each(['2027-02-30', '14/03/2027', ''])('refuses %j', (date) => {
    expect(() => formatStayDate(date)).toThrow(RangeError);
  });
});

describe('counts', () => {
  it.each([
    [1, '1 night', '1 guest'],
    [2, '2 nights', '2 guests'],
    [14, '14 nights', '14 guests'],
  ])('%d reads %s and %s', (count, nights, guests) => {
    expect(describeNights(count)).toBe(nights);
    expect(describeGuests(count)).toBe(guests);
  });
});

describe('describeRequestStatus', () => {
  it.each([
    ['new', 'Awaiting confirmation'],
    ['confirmed', 'Confirmed'],
    ['declined', 'Declined'],
    ['cancelled', 'Cancelled'],
  ] as const)('%s reads %s', (status, label) => {
    expect(describeRequestStatus(status).label).toBe(label);
  });
});
