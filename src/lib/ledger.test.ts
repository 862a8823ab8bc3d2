import { describe, expect, it } from 'vitest';
import { isBalanceOverdue, isReminderDue, readPoundsAsPence, summariseLedger } from './ledger.ts';

const terms = {
  totalPence: 70000,
  depositPence: 17500,
  balanceDueDate: '2027-03-01',
  confirmedOn: '2027-01-10',
};

describe('summariseLedger', () => {
  it.each([
    // received, today, outstanding, due now, overdue, days overdue
    [0, '2027-01-10', 70000, 17500, false, 0],
    [10000, '2027-01-10', 60000, 7500, false, 0],
    [17500, '2027-02-22', 52500, 0, false, 0],
    [17500, '2027-03-01', 52500, 0, false, 0],
    [17500, '2027-03-03', 52500, 0, true, 2],
    [70000, '2027-03-03', 0, 0, false, 0],
  ])(
    'with %d received on %s: %d outstanding, %d due now, overdue %s',
    (received, today, outstanding, dueNow, overdue, days) => {
      expect(summariseLedger(terms, received, today)).toEqual({
        receivedPence: received,
        outstandingPence: outstanding,
        dueNowPence: dueNow,
        dueOn: '2027-03-01',
        overdue,
        daysOverdue: days,
      });
    },
  );

  it('makes the whole stay due on confirmation when there is no balance date', () => {
    const near = { ...terms, balanceDueDate: null };
    expect(summariseLedger(near, 0, '2027-01-10')).toMatchObject({
      dueNowPence: 70000,
      dueOn: '2027-01-10',
      overdue: false,
    });
    expect(summariseLedger(near, 0, '2027-01-12')).toMatchObject({ overdue: true, daysOverdue: 2 });
  });
});

describe('the reminders', () => {
  it.each([
    ['2027-02-21', false],
    ['2027-02-22', true],
    ['2027-03-01', true],
    ['2027-03-02', false],
  ])('remind the guest on %s: %s', (today, due) => {
    expect(isReminderDue(terms, 17500, today)).toBe(due);
  });

  it('remind nobody of a booking paid in full or with no balance date', () => {
    expect(isReminderDue(terms, 70000, '2027-02-25')).toBe(false);
    expect(isReminderDue({ ...terms, balanceDueDate: null }, 0, '2027-02-25')).toBe(false);
    expect(isBalanceOverdue(terms, 70000, '2027-03-05')).toBe(false);
  });

  it('call a balance overdue from the day after its date', () => {
    expect(isBalanceOverdue(terms, 17500, '2027-03-01')).toBe(false);
    expect(isBalanceOverdue(terms, 17500, '2027-03-02')).toBe(true);
  });
});

describe('readPoundsAsPence', () => {
  it.each([
    ['250', 25000],
    ['250.5', 25050],
    ['250.50', 25050],
    ['£1,234.56', 123456],
    [' 0.01 ', 1],
    ['0', 0],
  ])('reads %j as %d pence', (text, pence) => {
    expect(readPoundsAsPence(text)).toBe(pence);
  });

  it.each(['', '-5', '1.234', '1,23', 'ten', '1e3', '12,34.5', '9999999999'])('refuses %j', (text) => {
    expect(readPoundsAsPence(text)).toBeNull();
  });
});
