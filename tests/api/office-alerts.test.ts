import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sendCareerApplication from '../../netlify/functions/career-applications.mts';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import sendPartnerEnquiry from '../../netlify/functions/partner-enquiries.mts';
import { careerApplicationForm } from '../../src/features/career-application/career-application-contract.ts';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import { partnerEnquiryForm } from '../../src/features/partner-enquiry/partner-enquiry-contract.ts';
import { honeypotField } from '../../src/lib/public-forms.ts';
import { sendEmail } from '../../src/server/email/email.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { caller } from '../support/public-form-contract.ts';
import { formPost, jsonPost } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Each public form's post queues an alert to the office in the transaction of its row: to the office
 * address of src/content/site.json, Reply-To the person, with what they wrote. A refused post queues
 * nothing.
 */

const officeAddress = 'reservations@kayalvillas.in';

const forms = [
  {
    name: 'contact message',
    kind: 'contact_office_alert',
    table: 'contact_messages',
    endpoint: contactMessageForm.endpoint,
    call: caller({ handler: sendContactMessage }),
    subject: (name: string) => `Contact message from ${name}`,
    body: () => ({
      name: 'Asha Menon',
      email: `asha+${crypto.randomUUID()}@example.com`,
      phone: '+91 98470 12345',
      message: 'Is the Kovalam cliff villa free for the first week of March?\nWe are six.',
    }),
    written: 'message',
    invalid: { message: 'Hi' },
  },
  {
    name: 'career application',
    kind: 'career_office_alert',
    table: 'career_applications',
    endpoint: careerApplicationForm.endpoint,
    call: caller({ handler: sendCareerApplication }),
    subject: (name: string) => `Career application from ${name}: Architect`,
    body: () => ({
      name: 'Anjali Varghese',
      email: `anjali+${crypto.randomUUID()}@example.com`,
      phone: '+91 94470 23456',
      qualification: 'B.Arch, 2019',
      position: 'architect',
      coverNote: 'Five years designing homes in Thrissur, mostly laterite and timber.',
    }),
    written: 'coverNote',
    invalid: { position: 'astronaut' },
  },
  {
    name: 'partner enquiry',
    kind: 'partner_office_alert',
    table: 'partner_enquiries',
    endpoint: partnerEnquiryForm.endpoint,
    call: caller({ handler: sendPartnerEnquiry }),
    subject: (name: string) => `Partner enquiry from ${name}`,
    body: () => ({
      name: 'Joseph Thomas',
      email: `joseph+${crypto.randomUUID()}@example.com`,
      phone: '+91 94460 34567',
      message: 'A four-bedroom heritage house in Fort Kochi, restored in 2024, with a courtyard pool.',
    }),
    written: 'message',
    invalid: { phone: 'call me' },
  },
] as const;

const alertsFor = (email: string) =>
  ownerQuery<{ kind: string; recipient: string; reply_to: string; status: string; body: string | null }>(
    'select kind, recipient, reply_to, status, body from email_outbox where reply_to = $1',
    [email],
  );

describe.each(forms)('the office alert of a $name', (form) => {
  it('is queued with the row and sent to the office, Reply-To the person, with what they wrote', async () => {
    const body = form.body();
    const response = await form.call(jsonPost(form.endpoint, body));
    expect(response.status).toBe(201);
    expect(await alertsFor(body.email)).toEqual([
      // Sent, and its text (a copy of what they wrote) erased from the outbox.
      { kind: form.kind, recipient: officeAddress, reply_to: body.email, status: 'sent', body: null },
    ]);
    const sent = (await readOutbox()).filter((message) => message.replyTo === body.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(officeAddress);
    expect(sent[0]?.subject).toBe(form.subject(body.name));
    for (const text of [body.name, body.email, body.phone, body[form.written as keyof typeof body]]) {
      expect(sent[0]?.text).toContain(text);
    }
  });

  it('is queued for a post without JavaScript too', async () => {
    const body = form.body();
    const response = await form.call(formPost(form.endpoint, { ...body, [honeypotField]: '' }));
    expect(response.status).toBe(303);
    expect((await alertsFor(body.email)).map((row) => row.kind)).toEqual([form.kind]);
  });

  it('is not queued for a refused post, nor for a bot caught by the honeypot', async () => {
    const refused = { ...form.body(), ...form.invalid };
    expect((await form.call(jsonPost(form.endpoint, refused))).status).toBe(422);
    const bot = form.body();
    expect((await form.call(jsonPost(form.endpoint, { ...bot, [honeypotField]: 'x' }))).status).toBe(201);
    expect(await alertsFor(refused.email)).toEqual([]);
    expect(await alertsFor(bot.email)).toEqual([]);
  });

  it('is queued once for a post retried with its Idempotency-Key', async () => {
    const body = form.body();
    const key = crypto.randomUUID();
    const client = { ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(
        (await form.call(jsonPost(form.endpoint, body, { 'idempotency-key': key }), client)).status,
      ).toBe(201);
    }
    expect(await alertsFor(body.email)).toHaveLength(1);
  });

  it('stores no row when the alert cannot be queued', async () => {
    const body = form.body();
    const trigger = `refuse_${crypto.randomUUID().replaceAll('-', '')}`;
    await ownerQuery(`create function public.${trigger}() returns trigger language plpgsql as $$
      begin
        if new.reply_to = '${body.email}' then raise exception 'the outbox is full'; end if;
        return new;
      end $$`);
    await ownerQuery(
      `create trigger ${trigger} before insert on email_outbox for each row execute function public.${trigger}()`,
    );
    try {
      expect((await form.call(jsonPost(form.endpoint, body))).status).toBeGreaterThanOrEqual(500);
    } finally {
      await ownerQuery(`drop trigger ${trigger} on email_outbox`);
      await ownerQuery(`drop function public.${trigger}()`);
    }
    expect(await ownerQuery(`select id from ${form.table} where email = $1`, [body.email])).toEqual([]);
  });
});

describe('the headers of an email', () => {
  async function sendAndRead(email: Parameters<typeof sendEmail>[0]): Promise<string> {
    const directory = await mkdtemp(path.join(tmpdir(), 'kayal-headers-'));
    await sendEmail(email, { OUTBOX_DIR: directory });
    const [file] = await readdir(directory);
    const raw = await readFile(path.join(directory, file as string), 'utf8');
    // Unfolded: a long header continues on lines that start with a space.
    return raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  }

  it('never take a header of their own from a line break in a subject', async () => {
    const head = await sendAndRead({
      to: officeAddress,
      subject: 'Contact message from Asha\r\nBcc: attacker@evil.example\nX-Injected: yes',
      text: 'Hello',
    });
    expect(head).not.toMatch(/^bcc:/im);
    expect(head).not.toMatch(/^x-injected:/im);
    expect(head).toMatch(
      /^Subject: Contact message from Asha Bcc: attacker@evil\.example X-Injected: yes\r?$/m,
    );
  });

  it('carry a Reply-To only when it is one plain address', async () => {
    const plain = await sendAndRead({
      to: officeAddress,
      replyTo: 'asha@example.com',
      subject: 'S',
      text: 'T',
    });
    expect(plain).toMatch(/^Reply-To: asha@example\.com$/m);
    for (const replyTo of [
      'asha@example.com, attacker@evil.example',
      'Asha <asha@example.com>',
      'asha@example.com\r\nBcc: attacker@evil.example',
    ]) {
      const head = await sendAndRead({ to: officeAddress, replyTo, subject: 'S', text: 'T' });
      expect(head, replyTo).not.toMatch(/^reply-to:/im);
      expect(head, replyTo).not.toMatch(/^bcc:/im);
    }
  });
});
