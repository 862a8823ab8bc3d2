import type { Config } from '@netlify/functions';
import { deliverAllDueEmails, describeDelivery } from '../../src/server/email/delivery.ts';

/** Every minute: sends the queued emails a request could not send at once, and retries failures. */
export default async () => {
  console.log(describeDelivery(await deliverAllDueEmails()));
};

export const config: Config = { schedule: '* * * * *' };
