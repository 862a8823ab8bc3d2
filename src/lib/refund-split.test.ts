import { describe, expect, it } from 'vitest';
import { describeNetPaid, describeRefundPlan, splitRefund, splitRefundable } from './refund-split.ts';

const card = (pence: number, day: string, refunded = 0) => ({
  amountPence: pence,
  refundedPence: refunded,
  provider: 'stand-in',
  createdAt: new Date(`${day}T10:00:00Z`),
  method: 'card',
});
const transfer = (pence: number, day: string) => ({
  amountPence: pence,
  refundedPence: 0,
  provider: null,
  createdAt: new Date(`${day}T10:00:00Z`),
  method: 'bank_transfer',
});

describe('a refund spread over the payments', () => {
  it('comes from the card first, newest first, then from what the office took', () => {
    const older = card(10_000, '2026-11-01');
    const newer = card(5_000, '2026-11-20', 1_000);
    const bank = transfer(90_000, '2026-11-25');
    const { shares, leftPence } = splitRefund([older, bank, newer], 20_000);
    expect(shares.map((share) => [share.payment, share.amountPence])).toEqual([
      [newer, 4_000],
      [older, 10_000],
      [bank, 6_000],
    ]);
    expect(leftPence).toBe(0);
  });

  it('says what no payment could take', () => {
    expect(splitRefund([card(5_000, '2026-11-20')], 6_000).leftPence).toBe(1_000);
  });
});

describe('the question asked before a refund moves', () => {
  it('names the amount and the card it goes back to', () => {
    const { shares } = splitRefund([card(90_000, '2026-11-20')], 5_000);
    expect(describeRefundPlan(shares)).toBe('Refund £50 to the card it was paid with?');
  });

  it('says money paid to the office is owed back by hand, and how', () => {
    const { shares } = splitRefund([transfer(90_000, '2026-11-20')], 90_000);
    expect(describeRefundPlan(shares)).toBe(
      'Refund £900? £900 is owed back by bank transfer: record it when sent.',
    );
  });

  it('splits the words when the refund comes from both', () => {
    const { shares } = splitRefund([card(5_000, '2026-11-20'), transfer(90_000, '2026-11-25')], 95_000);
    expect(describeRefundPlan(shares)).toBe(
      'Refund £950? £50 goes back to the card it was paid with; £900 is owed back by bank transfer: record it when sent.',
    );
  });
});

describe('what was paid, net of refunds', () => {
  it('says paid, refunded and net once anything went back', () => {
    expect(describeNetPaid(90_000, 5_000)).toBe('Paid £900, refunded £50, net £850');
    expect(describeNetPaid(90_000, 0)).toBe('Paid £900');
  });

  it('parts card money, which the provider returns, from office money, returned by hand', () => {
    expect(splitRefundable([card(5_000, '2026-11-20', 1_000), transfer(90_000, '2026-11-25')])).toEqual({
      cardPence: 4_000,
      handPence: 90_000,
    });
  });
});
