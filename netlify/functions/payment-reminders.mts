import type { Config } from '@netlify/functions';
import { describeReminders, sendPaymentReminders } from '../../src/server/booking/payment-reminders.ts';
import { scheduledJob } from '../../src/server/runtime/scheduled-job.ts';

/** Daily: a guest's balance reminder a week before it is due, and the office's notice once overdue; each once. */
export default scheduledJob('payment-reminders', async () => {
  return describeReminders(await sendPaymentReminders());
});

export const config: Config = { schedule: '@daily' };
