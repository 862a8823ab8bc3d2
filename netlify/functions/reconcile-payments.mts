import type { Config } from '@netlify/functions';
import { stayPayables } from '../../src/server/booking/services/service-payable.ts';
import {
  choosePaymentProvider,
  describeReconciliation,
  reconcilePayments,
} from '../../src/server/payments/index.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/**
 * Every 15 minutes: asks the payment provider about sessions open for over 10 minutes that no webhook
 * and no return settled, and records what was paid (once) or marks what expired.
 */
export default scheduledJob('reconcile-payments', async () => {
  return describeReconciliation(await reconcilePayments(stayPayables, choosePaymentProvider()));
});

export const config: Config = { schedule: '*/15 * * * *' };
