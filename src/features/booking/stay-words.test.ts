import { describe, expect, it } from 'vitest';
import { describeGuests, describeNights, describeStayCharge, findAnswerDay } from './stay-words.ts';

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

describe('describeStayCharge', () => {
  it.each([
    [7, 265_000, '7 nights at £2,650 a week'],
    [14, 265_000, '14 nights at £2,650 a week'],
    [3, 265_000, '3 nights at £379 a night'],
    [10, 265_000, '10 nights: 1 week at £2,650 and 3 nights at £379'],
    [15, 140_000, '15 nights: 2 weeks at £1,400 and 1 night at £200'],
  ])('%i nights at %i pence a week read "%s"', (nights, weeklyRatePence, words) => {
    expect(describeStayCharge(nights, weeklyRatePence)).toBe(words);
  });
});

describe('findAnswerDay', () => {
  it.each([
    ['2027-03-01', '2027-03-02', 'a Monday is answered on the Tuesday'],
    ['2027-03-04', '2027-03-05', 'a Thursday on the Friday'],
    ['2027-03-05', '2027-03-08', 'a Friday on the Monday'],
    ['2027-03-06', '2027-03-08', 'a Saturday on the Monday'],
    ['2027-03-07', '2027-03-08', 'a Sunday on the Monday'],
    ['2027-12-31', '2028-01-03', 'across the year'],
  ])('%s → %s: %s', (sent, answer) => {
    expect(findAnswerDay(sent)).toBe(answer);
  });
});
