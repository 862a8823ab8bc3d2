import type { Config } from '@netlify/functions';
import {
  describeReconciliation,
  reconcilePayments,
} from '../../src/server/booking/payments/online-payments.ts';
import { choosePaymentProvider } from '../../src/server/booking/payments/providers/choose-provider.ts';

/**
 * Every 15 minutes: asks the payment provider about sessions open for over 10 minutes that no webhook
 * and no return settled, and records what was paid (once) or marks what expired.
 */
export default async () => {
  console.log(describeReconciliation(await reconcilePayments(choosePaymentProvider())));
};

export const config: Config = { schedule: '*/15 * * * *' };
