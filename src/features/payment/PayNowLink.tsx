import { payPath } from '../../lib/paths.ts';
import { choosePaymentDue } from '../../lib/payment-due.ts';
import type { GuestLedger } from './payment-contract.ts';

/**
 * The link that pays what a confirmed booking owes now ("Pay the deposit (£662.50)"), or nothing when
 * it is paid in full. A plain link: `/pay/<reference>` opens the provider's page, so it works without
 * JavaScript and no card field is ever on our page.
 */
export function PayNowLink({ reference, ledger }: { reference: string; ledger: GuestLedger }) {
  const due = choosePaymentDue(ledger.summary);
  if (!due) return null;
  return (
    <p className="pay-now">
      <a className="button button--primary" href={payPath(reference)}>
        {due.label}
      </a>
    </p>
  );
}
