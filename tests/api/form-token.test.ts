import type { Context } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import { contactForm } from '../../src/features/contact-form/contact-message-contract.ts';
import { formPost, jsonPost, uniqueClient } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Beside the honeypot, a public form takes a post only with a token our server issued at least a few
 * seconds before (and at most a day): the form's page gets one without JavaScript. A post without one
 * is refused with a message on the form that keeps what was typed, never silently.
 */

const { endpoint } = contactForm;
const send = (request: Request) => sendContactMessage(request, uniqueClient() as Context);

const contactMessage = () => ({
  name: 'Quick Sender',
  email: `quick+${crypto.randomUUID()}@example.com`,
  phone: '+91 98470 00000',
  message: 'Posted the instant the page was fetched, as a form bot does.',
});

const storedFor = async (email: string) =>
  (await ownerQuery('select id from contact_messages where email = $1', [email])).length;

describe('a post without a token from our server', () => {
  it('is refused with 422 and a message on the token field, and nothing is stored', async () => {
    const body = contactMessage();
    const response = await send(jsonPost(endpoint, body));
    expect(response.status).toBe(422);
    const answer = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(answer.error.code).toBe('validation_failed');
    expect(answer.error.fields.formToken).toMatch(/again/);
    expect(answer.error.message).toMatch(/again/);
    expect(await storedFor(body.email)).toBe(0);
  });

  it('without JavaScript, is answered with the form again, holding what was typed and saying to send it again', async () => {
    const body = contactMessage();
    const response = await send(formPost(endpoint, { ...body, website: '' }));
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('value="Quick Sender"');
    expect(html).toContain(`value="${body.email}"`);
    expect(html).toContain('as a form bot does.</textarea>');
    expect(html).toMatch(/press .* again/i);
    expect(await storedFor(body.email)).toBe(0);
  });
});
