import { type APIRequestContext, expect } from '@playwright/test';
import { e2eOutboxDir } from '../../../playwright.config.ts';
import { readOutbox } from '../../../src/server/email/outbox.ts';

/** The link in the newest email to `to` whose subject matches, as the guest would click it. */
export async function emailedLink(to: string, subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await readOutbox(e2eOutboxDir)).filter(
          (message) => message.to.includes(to) && subject.test(message.subject),
        );
        link = messages.at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { message: `an email to ${to} with a link`, timeout: 30_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** An account made and confirmed through the API, for tests whose subject is something else. */
export async function createConfirmedGuest(
  request: APIRequestContext,
  guest: { name: string; email: string; password: string },
) {
  const registered = await request.post('/api/auth/register', { data: guest });
  expect(registered.status()).toBe(201);
  const token = new URL(await emailedLink(guest.email, /Confirm your email/)).searchParams.get('token');
  const confirmed = await request.post('/api/auth/verify-email', { data: { token } });
  expect(confirmed.status()).toBe(200);
}
