import { formatPence } from './money.ts';

/**
 * How a refund is spread over a booking's payments, and how the office is told before it moves: the
 * same rule records the refunds (src/server/payments/refund-service.ts) and words the question the
 * office answers first, so what the question names is what happens.
 */

/** A payment a refund may come from: online when it has a provider, else paid to the office. */
export type RefundSource = {
  amountPence: number;
  /** What has gone back of it or been asked to, whatever the outcome. */
  refundedPence: number;
  provider: string | null;
  createdAt: Date;
  /** How the office took it (bank_transfer, cash, upi); only its words use it. */
  method?: string;
};

/** One payment's part of a refund. */
export type RefundShare<P> = { payment: P; amountPence: number };

/**
 * Spreads `amountPence` over `payments`: online payments first, newest first, so the most goes back to
 * the card without anyone's hand; then what was paid to the office, newest first. Answers the shares
 * and what no payment could take (0 when the amount fits what is left).
 */
export function splitRefund<P extends RefundSource>(
  payments: readonly P[],
  amountPence: number,
): { shares: RefundShare<P>[]; leftPence: number } {
  const order = [...payments].sort(
    (a, b) =>
      Number(b.provider !== null) - Number(a.provider !== null) ||
      b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const shares: RefundShare<P>[] = [];
  let left = amountPence;
  for (const payment of order) {
    if (left === 0) break;
    const share = Math.min(left, payment.amountPence - payment.refundedPence);
    if (share <= 0) continue;
    shares.push({ payment, amountPence: share });
    left -= share;
  }
  return { shares, leftPence: left };
}

const handWords: Record<string, string> = {
  bank_transfer: 'bank transfer',
  cash: 'cash',
  upi: 'UPI',
  card: 'the office’s card machine',
};

/**
 * The question the office answers before a refund moves money, naming the amount and where it goes:
 * "Refund £50 to the card it was paid with?"; money paid to the office is owed back by hand: "Refund
 * £900? £900 is owed back by bank transfer: record it when sent." The providers do not tell us a
 * card's last four digits, so the card is the one it was paid with.
 */
export function describeRefundPlan(shares: readonly RefundShare<RefundSource>[]): string {
  const sum = (list: readonly RefundShare<RefundSource>[]) =>
    list.reduce((total, share) => total + share.amountPence, 0);
  const card = shares.filter((share) => share.payment.provider !== null);
  const hand = shares.filter((share) => share.payment.provider === null);
  if (hand.length === 0) return `Refund ${formatPence(sum(card))} to the card it was paid with?`;
  const methods = [...new Set(hand.map((share) => handWords[share.payment.method ?? ''] ?? 'hand'))];
  const byHand = `${formatPence(sum(hand))} is owed back by ${methods.join(' and ')}: record it when sent.`;
  if (card.length === 0) return `Refund ${formatPence(sum(hand))}? ${byHand}`;
  return `Refund ${formatPence(sum(shares))}? ${formatPence(sum(card))} goes back to the card it was paid with; ${byHand}`;
}

/** What was paid, less what went back, as both the office and the guest read it: "Paid £900, refunded £50, net £850". */
export function describeNetPaid(receivedPence: number, refundedPence: number): string {
  if (refundedPence === 0) return `Paid ${formatPence(receivedPence)}`;
  return `Paid ${formatPence(receivedPence)}, refunded ${formatPence(refundedPence)}, net ${formatPence(receivedPence - refundedPence)}`;
}

/**
 * What can still go back, split by who returns it: the provider returns card money on the office's
 * word; money paid to the office (a bank transfer, cash) it returns by hand.
 */
export function splitRefundable(payments: readonly RefundSource[]): { cardPence: number; handPence: number } {
  let cardPence = 0;
  let handPence = 0;
  for (const payment of payments) {
    const left = payment.amountPence - payment.refundedPence;
    if (payment.provider === null) handPence += left;
    else cardPence += left;
  }
  return { cardPence, handPence };
}
