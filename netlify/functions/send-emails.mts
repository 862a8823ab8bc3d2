import type { Config } from '@netlify/functions';
import { stayPayables } from '../../src/server/booking/services/service-payable.ts';
import { deliverAllDueEmails, describeDelivery } from '../../src/server/email/delivery.ts';
import { queueOfficeAlertDigests } from '../../src/server/office-alert-digest.ts';
import { registerReceiptPreparer } from '../../src/server/payments/index.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

// A payment's receipt waits on its email until sent, and is made then from the booking's ledger.
registerReceiptPreparer(stayPayables);

/**
 * Every minute: queues the digests of office alerts a flood of form posts held back, once their hour
 * has room; then sends the queued emails a request could not send at once, and retries failures.
 */
export default scheduledJob('send-emails', async () => {
  const digests = await queueOfficeAlertDigests();
  return `Office alert digests queued: ${digests.length}. ${describeDelivery(await deliverAllDueEmails())}`;
});

export const config: Config = { schedule: '* * * * *' };
