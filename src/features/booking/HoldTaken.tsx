import { formatPence } from '../../lib/money.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';
import type { InstantBookingAnswer } from './booking-contract.ts';
import { formatHoldEnd } from './booking-words.ts';

type Props = { hold: InstantBookingAnswer; propertyName: string | undefined };

/**
 * What the guest sees for the moment between holding the nights and the payment provider's page: the
 * hold, until when, and a link to the page in case the browser does not follow on its own.
 */
export function HoldTaken({ hold, propertyName }: Props) {
  const due = hold.quote.balanceDueDate === null ? hold.quote.totalPence : hold.quote.depositPence;
  return (
    <OutcomePanel heading="Your nights are held while you pay">
      <p>
        {propertyName ?? 'The home'} is held for you until {formatHoldEnd(hold.heldUntil)} under reference{' '}
        <strong>{hold.reference}</strong>. Taking you to our payment provider’s secure page to pay{' '}
        {formatPence(due)}…
      </p>
      <p>
        <a className="button button--primary" href={hold.payUrl}>
          Pay {formatPence(due)} now
        </a>
      </p>
    </OutcomePanel>
  );
}
