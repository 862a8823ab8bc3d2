import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import content from '../../content/site.json' with { type: 'json' };
import { type CreditNoteFacts, creditNoteFileName, makeCreditNote } from './credit-note-document.ts';

const facts: CreditNoteFacts = {
  number: 'CN/2627/000007',
  refundedOn: '2026-12-02',
  amountPence: 5000,
  to: 'card',
  providerRefundId: 're_test_123',
  receiptNumber: 'KVR/2627/000041',
  reason: 'office',
  name: 'പ്രിയ രാമൻ',
  email: 'priya@example.com',
  reference: 'KV-2026-483920',
  propertyName: 'Kovalam Cliff Villa',
  arrival: '2027-03-06',
  departure: '2027-03-13',
};

async function textOf(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const page = await pdf.getPage(1);
  return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('a refund’s credit note', () => {
  it('prints its number, the amount, where it went, the receipt it reduces and a Malayalam name', async () => {
    const text = await textOf(await makeCreditNote(facts, content.site));
    for (const words of [
      'Credit note',
      'CN/2627/000007',
      '£50',
      'to the card you paid with',
      'KVR/2627/000041',
      'KV-2026-483920',
      'Wed, 2 December 2026',
    ]) {
      expect(text).toContain(words);
    }
    // The surname has no conjunct drawn out of order (see decisions.md on the text layer).
    expect(text.replaceAll(' ', '')).toContain('രാമൻ');
  });

  it('gives the same bytes for the same facts, and is saved under its number', async () => {
    expect(await makeCreditNote(facts, content.site)).toEqual(await makeCreditNote(facts, content.site));
    expect(creditNoteFileName(facts.number)).toBe('credit-note-CN-2627-000007.pdf');
  });
});
