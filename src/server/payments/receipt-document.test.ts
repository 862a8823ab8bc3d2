import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import content from '../../content/site.json' with { type: 'json' };
import {
  describeReceipt,
  makeReceipt,
  type ReceiptBooking,
  type ReceiptCompany,
  receiptFileName,
} from './receipt-document.ts';

const company: ReceiptCompany = {
  brand: content.site.brand,
  office: content.site.office,
  gstRatePercent: 18,
};

const booking: ReceiptBooking = {
  reference: 'KV-2026-483920',
  name: 'Priya Raman',
  email: 'priya@example.com',
  propertyName: 'Kovalam Cliff Villa',
  arrival: '2027-03-06',
  departure: '2027-03-13',
  totalPence: 265000,
  depositPence: 66300,
  balanceDueDate: '2027-02-04',
  confirmedOn: '2026-11-20',
  payments: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'deposit',
      amountPence: 66300,
      receivedOn: '2026-11-21',
      method: 'card',
      provider: 'stripe',
      providerReference: 'pi_3QfakeDeposit',
      receiptNumber: 'KVR/2627/000041',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'balance',
      amountPence: 198700,
      receivedOn: '2027-01-30',
      method: 'bank_transfer',
      provider: null,
      providerReference: null,
      receiptNumber: 'KVR/2627/000187',
    },
  ],
};
const [deposit, balance] = booking.payments.map((payment) => payment.id) as [string, string];

/** The PDF read back as a reader would: its pages, its text on one line, and its title. */
async function readBack(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    texts.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const metadata = await pdf.getMetadata();
  return {
    pages: pdf.numPages,
    text: texts.join(' ').replace(/\s+/g, ' '),
    title: (metadata.info as { Title?: string }).Title,
  };
}

describe('describeReceipt', () => {
  it('numbers a payment by its stored receipt number and says what was left after it, and by when', () => {
    expect(describeReceipt(booking, deposit)).toMatchObject({
      number: 'KVR/2627/000041',
      receivedPence: 66300,
      remaining: { amountPence: 198700, dueBy: '2027-02-04' },
    });
    expect(describeReceipt(booking, balance)).toMatchObject({
      number: 'KVR/2627/000187',
      receivedPence: 265000,
      remaining: null,
    });
  });

  it('says what is due now when a payment leaves part of the deposit unpaid', () => {
    const short = {
      ...booking,
      payments: [{ ...(booking.payments[0] as ReceiptBooking['payments'][0]), amountPence: 30000 }],
    };
    expect(describeReceipt(short, deposit)?.remaining).toEqual({ amountPence: 235000, dueBy: null });
  });

  it('knows no payment the booking does not have', () => {
    expect(describeReceipt(booking, '00000000-0000-4000-8000-000000000009')).toBeUndefined();
  });

  it('keeps a number within the 16 characters a GST serial number may have', () => {
    expect(describeReceipt(booking, balance)?.number.length).toBeLessThanOrEqual(16);
  });
});

describe('makeReceipt', () => {
  it('prints the reference, the stay, the amounts, what remains and the GST the payment includes', async () => {
    const facts = describeReceipt(booking, deposit);
    if (!facts) throw new Error('no receipt');
    const bytes = await makeReceipt(facts, company);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await readBack(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe('Receipt KVR/2627/000041');
    for (const line of [
      'Receipt number KVR/2627/000041',
      'Booking reference KV-2026-483920',
      'Priya Raman (priya@example.com)',
      'Kovalam Cliff Villa',
      'Sat, 6 March 2027 to Sat, 13 March 2027 (7 nights)',
      'Deposit of the stay: accommodation, SAC 9963',
      'Card, online (Stripe)',
      'pi_3QfakeDeposit',
      'Amount received £663',
      'GST included: 18%',
      'Taxable value £561.86',
      'CGST at 9% £50.57',
      'SGST (Kerala) at 9% £50.57',
      'GST in this payment £101.14',
      'Total of the stay £2,650',
      'Received so far £663',
      'Still to pay £1,987 by Thu, 4 February 2027',
      content.site.office.phone,
    ]) {
      expect(pdf.text).toContain(line);
    }
  });

  it('prints a guest’s name in Malayalam, Devanagari or Tamil in a face that draws it, its letters all in the text layer', async () => {
    // A vowel sign drawn before its consonant (Devanagari's ि) comes back where it is drawn: the text
    // layer holds every letter, and a Malayalam name without such signs exactly as typed.
    const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
    for (const name of ['മീര നായർ', 'प्रिया शर्मा', 'கார்த்திக் ராஜா']) {
      const facts = describeReceipt({ ...booking, name }, deposit);
      if (!facts) throw new Error('no receipt');
      const bytes = await makeReceipt(facts, company);
      const { text } = await readBack(bytes);
      const line = /Received from (.*) \(priya@example\.com\)/.exec(text)?.[1] ?? '';
      expect(letters(line)).toBe(letters(name));
      if (name === 'മീര നായർ') expect(line).toBe(name);
      expect(Buffer.from(bytes).toString('latin1')).toMatch(
        /\/BaseFont \/[A-Z]{6}\+NotoSans(Malayalam|Devanagari|Tamil)/,
      );
    }
  });

  it('prints a hostile name and payment reference as the text they are: no PDF syntax, action or link of theirs, and the amounts unchanged', async () => {
    const hostileName =
      'A) Tj ET BT /F1 40 Tf 50 700 Td (PAID IN FULL £0) Tj ET \\ % <</S /JavaScript /JS (app.alert(1))>>';
    const facts = describeReceipt(
      {
        ...booking,
        name: hostileName,
        email: 'x)>>/URI(https://evil.example)@example.com',
        payments: booking.payments.map((payment) =>
          payment.id === deposit
            ? { ...payment, providerReference: 'pi_) Tj (Refunded £663) Tj (' }
            : payment,
        ),
      },
      deposit,
    );
    if (!facts) throw new Error('no receipt');
    const bytes = await makeReceipt(facts, company);
    const pdf = await readBack(bytes);
    expect(pdf.pages).toBe(1);
    // The long line wraps where the page ends it: read without the spaces the wrap put in.
    const squeezed = (text: string) => text.replace(/\s/g, '');
    expect(squeezed(pdf.text)).toContain(
      squeezed(`Received from ${hostileName} (x)>>/URI(https://evil.example)@example.com) Your stay`),
    );
    expect(pdf.text).toContain('pi_) Tj (Refunded £663) Tj (');
    expect(pdf.text).toContain('Amount received £663');
    expect(pdf.text).toContain('Still to pay £1,987 by Thu, 4 February 2027');
    // Their words never became objects of the file: no script, no action, no link but our own.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).not.toMatch(/\/JavaScript|\/JS\b|\/OpenAction|\/Launch/);
    expect(raw.match(/\/URI\s*\(([^)]*)\)/g) ?? []).not.toContainEqual(
      expect.stringContaining('evil.example'),
    );
  });

  it('says it is no tax invoice, and how to ask for one, when the settings give no GSTIN', async () => {
    const facts = describeReceipt(booking, balance);
    if (!facts) throw new Error('no receipt');
    const pdf = await readBack(await makeReceipt(facts, company));
    expect(pdf.text).toContain('Bank transfer');
    expect(pdf.text).toContain('Nothing: your stay is paid in full');
    expect(pdf.text).not.toContain('GSTIN 32');
    expect(pdf.text).toContain('This receipt is not a tax invoice');
    expect(pdf.text).toContain(`write to ${content.site.office.email} quoting KVR/2627/000187`);
  });

  it('is a tax invoice with the GSTIN, the place of supply and the tax at 5% when the settings say so', async () => {
    const facts = describeReceipt(booking, deposit);
    if (!facts) throw new Error('no receipt');
    const pdf = await readBack(
      await makeReceipt(facts, { ...company, gstRatePercent: 5, gstin: '32ABCDE1234F1Z5' }),
    );
    expect(pdf.title).toBe('Receipt and tax invoice KVR/2627/000041');
    expect(pdf.text).toContain('GSTIN 32ABCDE1234F1Z5');
    expect(pdf.text).toContain('Invoice number KVR/2627/000041');
    expect(pdf.text).toContain('CGST at 2.5% £15.79');
    expect(pdf.text).toContain('Place of supply: Kerala (32)');
    expect(pdf.text).not.toContain('not a tax invoice');
  });

  it('prints no GST rate of the stay’s on a concierge service’s receipt, and is never its tax invoice', async () => {
    const facts = describeReceipt(booking, deposit);
    if (!facts) throw new Error('no receipt');
    const service = { ...facts, service: 'Airport transfer from COK on Sat 6 Mar 2027', totalPence: 4500 };
    const pdf = await readBack(
      await makeReceipt(service, { ...company, gstRatePercent: 18, gstin: '32ABCDE1234F1Z5' }),
    );
    expect(pdf.title).toBe('Receipt KVR/2627/000041');
    expect(pdf.text).toContain('Airport transfer from COK on Sat 6 Mar 2027: a concierge service');
    expect(pdf.text).not.toContain('SAC');
    expect(pdf.text).not.toContain('CGST');
    expect(pdf.text).not.toContain('GST at 18%');
    expect(pdf.text).toContain('For a GST tax invoice of this service, write to');
  });

  it('is named by its number', () => {
    expect(receiptFileName('KVR/2627/000041')).toBe('receipt-KVR-2627-000041.pdf');
  });
});
