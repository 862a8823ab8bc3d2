import { describe, expect, it } from 'vitest';
import {
  compareBalancesToChase,
  isBalanceOverdue,
  isReminderDue,
  readPoundsAsPence,
  summariseLedger,
} from './ledger.ts';

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

describe('compareBalancesToChase', () => {
  const today = '2026-11-28';
  const balance = (
    reference: string,
    terms: { depositPence: number; balanceDueDate: string | null; confirmedOn: string },
    receivedPence: number,
  ) => ({ reference, summary: summariseLedger({ totalPence: 100_000, ...terms }, receivedPence, today) });

  it('puts overdue first, then due now (a deposit unpaid), then not yet due, by day', () => {
    const notYetLater = balance(
      'KV-2026-0001',
      { depositPence: 30_000, balanceDueDate: '2027-02-01', confirmedOn: '2026-10-01' },
      30_000,
    );
    const notYetSooner = balance(
      'KV-2026-0002',
      { depositPence: 30_000, balanceDueDate: '2026-12-20', confirmedOn: '2026-10-01' },
      30_000,
    );
    // The deposit is unpaid although the balance's own date is far off: due now, not "not yet due".
    const depositDue = balance(
      'KV-2026-0003',
      { depositPence: 30_000, balanceDueDate: '2027-03-01', confirmedOn: '2026-11-27' },
      0,
    );
    const dueToday = balance(
      'KV-2026-0004',
      { depositPence: 30_000, balanceDueDate: today, confirmedOn: '2026-09-01' },
      30_000,
    );
    const overdueLong = balance(
      'KV-2026-0005',
      { depositPence: 30_000, balanceDueDate: '2026-11-01', confirmedOn: '2026-09-01' },
      30_000,
    );
    const overdueShort = balance(
      'KV-2026-0006',
      { depositPence: 30_000, balanceDueDate: '2026-11-20', confirmedOn: '2026-09-01' },
      30_000,
    );
    const sorted = [notYetLater, notYetSooner, depositDue, dueToday, overdueShort, overdueLong].sort((a, b) =>
      compareBalancesToChase(a, b, today),
    );
    expect(sorted.map((entry) => entry.reference)).toEqual([
      'KV-2026-0005',
      'KV-2026-0006',
      'KV-2026-0004',
      'KV-2026-0003',
      'KV-2026-0002',
      'KV-2026-0001',
    ]);
  });

  it('breaks a tie by reference', () => {
    const terms = { depositPence: 30_000, balanceDueDate: '2027-01-10', confirmedOn: '2026-10-01' };
    const sorted = [balance('KV-2026-0009', terms, 30_000), balance('KV-2026-0008', terms, 30_000)].sort(
      (a, b) => compareBalancesToChase(a, b, today),
    );
    expect(sorted.map((entry) => entry.reference)).toEqual(['KV-2026-0008', 'KV-2026-0009']);
  });
});
