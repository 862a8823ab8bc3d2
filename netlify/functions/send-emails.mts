import type { Config } from '@netlify/functions';
// For how a receipt waiting on its email is made: it registers itself with the sender.
import '../../src/server/payments/receipt-service.ts';
import { deliverAllDueEmails, describeDelivery } from '../../src/server/email/delivery.ts';
import { queueOfficeAlertDigests } from '../../src/server/office-alert-digest.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/**
 * Every minute: queues the digests of office alerts a flood of form posts held back, once their hour
 * has room; then sends the queued emails a request could not send at once, and retries failures.
 */
export default scheduledJob('send-emails', async () => {
  const digests = await queueOfficeAlertDigests();
  return `Office alert digests queued: ${digests.length}. ${describeDelivery(await deliverAllDueEmails())}`;
});

export const config: Config = { schedule: '* * * * *' };
