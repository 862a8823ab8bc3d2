import path from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import content from '../../content/site.json' with { type: 'json' };
import { describeProjectForBrochure, describePropertyForBrochure } from './brochure-facts.ts';
import { makeBrochure } from './make-brochure.ts';

const office = { brand: content.site.brand, ...content.site.office };
const pictures = (...files: string[]) => files.map((file) => path.resolve('src/assets/images', file));

const registered = describeProjectForBrochure(
  'kozhikode-studio-apartments',
  {
    title: 'Studio Apartments at Kozhikode',
    location: 'Beach Road, Kozhikode',
    summary: 'Forty serviced studios a short walk from Kozhikode Beach, for guests who come for its food.',
    status: 'under-construction',
    expectedCompletion: '2027-09',
    saleStatus: 'available',
    priceFromInr: 3_800_000,
    homes: 40,
    landAreaM2: 1850,
    carpetAreaM2: 34,
    carpetAreaToM2: 41,
    approvals: ['Building permit, Kozhikode Municipal Corporation, 2025'],
    rera: {
      registration: 'K-RERA/PRJ/KKD/118/2025',
      registrationUrl: 'https://rera.kerala.gov.in/explore-projects/K-RERA-PRJ-KKD-118-2025',
      website: 'https://rera.kerala.gov.in',
    },
  },
  pictures('projects/kozhikode-studio-apartments.svg'),
  { asOf: '2026-11-25', currencies: [{ currency: 'GBP', rupeesPerUnit: 117.2 }] },
);

const exempt = describePropertyForBrochure(
  'villas',
  'kovalam-cliff-villa',
  {
    name: 'Kovalam Cliff Villa',
    location: 'Kovalam, Thiruvananthapuram',
    summary: 'A four-bedroom pool villa on the headland above Lighthouse Beach, with an infinity pool.',
    bedrooms: 4,
    bathrooms: 4,
    sleeps: 8,
    salePriceInr: 17_800_000,
    saleStatus: 'under-offer',
    carpetAreaM2: 232,
    plotAreaM2: 760,
    rera: { website: 'https://rera.kerala.gov.in', exemption: 'completed-home' },
  },
  pictures('villas/kovalam-cliff-villa-sunset.svg', 'villas/kovalam-cliff-villa-pool.svg'),
);

/** The PDF read back as a reader would: its pages, its text, and how many images each page paints. */
async function readBack(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const operators = await page.getOperatorList();
  const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  const metadata = await pdf.getMetadata();
  return { pages: pdf.numPages, text, images, title: (metadata.info as { Title?: string }).Title };
}

describe('makeBrochure', () => {
  it('makes a one-page PDF with the registration, its QR code as an image, the price and the areas', async () => {
    const bytes = await makeBrochure(registered, office, 'https://kayalvillas.in', '2026-11-27');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await readBack(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toBe('Studio Apartments at Kozhikode: sale brochure');
    expect(pdf.text).toContain('K-RERA/PRJ/KKD/118/2025');
    expect(pdf.text).toContain('From ₹38 lakh');
    expect(pdf.text).toContain('approx. £32,400 at our rates of 25 November 2026');
    expect(pdf.text).toContain('34 m² (366 sq ft) to 41 m² (441 sq ft)');
    expect(pdf.text).toContain(office.phone);
    // A long address wraps, so it is read with the line breaks taken out.
    expect(pdf.text.replace(/\s+/g, '')).toContain(
      'https://kayalvillas.in/buy/projects/kozhikode-studio-apartments/viewing',
    );
    expect(pdf.text).toContain('27 November 2026');
    // One picture, and the QR code.
    expect(pdf.images).toBe(2);
  });

  it('gives an exempt home its exemption and no QR code, with two pictures', async () => {
    const pdf = await readBack(await makeBrochure(exempt, office, 'https://kayalvillas.in', '2026-11-27'));
    expect(pdf.text).toContain('₹1.78 crore freehold');
    expect(pdf.text).toContain('A finished home sold by its owner');
    expect(pdf.text).toContain('Plot area');
    expect(pdf.text).not.toContain('K-RERA registration');
    expect(pdf.images).toBe(2);
  });

  it('embeds its fonts (no standard font a printer may lack) and makes the same bytes from the same facts', async () => {
    const first = await makeBrochure(registered, office, 'https://kayalvillas.in', '2026-11-27');
    const second = await makeBrochure(registered, office, 'https://kayalvillas.in', '2026-11-27');
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const raw = Buffer.from(first).toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
  });
});
