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
  {
    description: ['Kozhikode, the Calicut of the spice trade, is where Vasco da Gama landed in 1498.'],
    floorPlans: [
      {
        name: 'Studio, 34 to 41 m²',
        file: path.resolve('src/assets/images/plans/kozhikode-studio-apartments.svg'),
        illustrative: true,
      },
    ],
    position: { latitude: 11.256, longitude: 75.771 },
    nearby: [
      { name: 'Calicut International Airport', kind: 'airport', latitude: 11.1368, longitude: 75.9553 },
      { name: 'Kozhikode Beach', kind: 'beach', latitude: 11.261, longitude: 75.7686 },
    ],
    paymentPlan: [
      { stage: 'On signing the agreement for sale', percent: 10 },
      { stage: 'On handing over the keys', percent: 90 },
    ],
  },
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

/** The PDF read back as a reader would: its pages, each page's text and images, and its links. */
async function readBack(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const pages: { text: string; images: number; links: string[] }[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    const operators = await page.getOperatorList();
    const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
    const links = (await page.getAnnotations())
      .map((annotation: { url?: string }) => annotation.url)
      .filter((url: string | undefined): url is string => typeof url === 'string');
    pages.push({ text, images, links });
  }
  const metadata = await pdf.getMetadata();
  return {
    pages,
    text: pages.map((page) => page.text).join(' '),
    links: pages.flatMap((page) => page.links),
    title: (metadata.info as { Title?: string }).Title,
  };
}

describe('makeBrochure', () => {
  it('makes a brochure of several pages: the cover with the registration, its QR code, the price and the areas; the description; a plan; where it is; the payment plan; the office', async () => {
    const bytes = await makeBrochure(registered, office, 'https://kayalvillas.in', '2026-11-27');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await readBack(bytes);
    expect(pdf.pages.length).toBeGreaterThanOrEqual(4);
    expect(pdf.title).toBe('Studio Apartments at Kozhikode: sale brochure');
    const [cover, home, plan, where] = pdf.pages;
    expect(cover?.text).toContain('K-RERA/PRJ/KKD/118/2025');
    expect(cover?.text).toContain('From ₹38 lakh');
    expect(cover?.text).toContain('approx. £32,400 at our rates of 25 November 2026');
    expect(cover?.text).toContain('34 m² (366 sq ft) to 41 m² (441 sq ft)');
    // The picture and the QR code.
    expect(cover?.images).toBe(2);
    expect(home?.text).toContain('Vasco da Gama landed in 1498');
    expect(plan?.text).toContain('Floor plan: Studio, 34 to 41 m²');
    expect(plan?.text).toContain('Illustrative plan, not to scale');
    expect(plan?.images).toBe(1);
    expect(where?.text).toContain('Kozhikode Beach: 0.6 km in a straight line');
    expect(where?.text).toContain('Calicut International Airport: 24 km in a straight line');
    expect(pdf.text).toContain('Payment plan');
    expect(pdf.text).toContain('On signing the agreement for sale');
    expect(pdf.text).toContain(office.phone);
    expect(pdf.text).toContain('27 November 2026');
    // Every page carries the registration in its foot.
    for (const page of pdf.pages) expect(page.text).toContain('K-RERA/PRJ/KKD/118/2025');
  });

  it('writes each web address whole, on one line, and makes it a link', async () => {
    const pdf = await readBack(
      await makeBrochure(registered, office, 'https://kayalvillas.in', '2026-11-27'),
    );
    const viewing = 'https://kayalvillas.in/buy/projects/kozhikode-studio-apartments/viewing';
    expect(pdf.text).toContain(viewing);
    expect(pdf.links).toContain(viewing);
    expect(pdf.links).toContain('https://rera.kerala.gov.in/explore-projects/K-RERA-PRJ-KKD-118-2025');
    expect(pdf.links).toContain(`mailto:${office.email}`);
  });

  it('gives an exempt home its exemption and no QR code, with two pictures', async () => {
    const pdf = await readBack(await makeBrochure(exempt, office, 'https://kayalvillas.in', '2026-11-27'));
    expect(pdf.text).toContain('₹1.78 crore freehold');
    expect(pdf.text).toContain('A finished home sold by its owner');
    expect(pdf.text).toContain('Plot area');
    expect(pdf.text).not.toContain('K-RERA registration');
    // The cover's picture, and the second on the home's page; no QR code.
    expect(pdf.pages[0]?.images).toBe(1);
    expect(pdf.pages[1]?.images).toBe(1);
  });

  it('prints what an editor writes in any script, each in its own face, and its text layer gives it back', async () => {
    const named = {
      ...exempt,
      title: 'കോവളം ക്ലിഫ് വില്ല',
      // Neither ى nor ئ beside a ي: Noto draws them from one glyph, and a document's text layer names it
      // by the character it was first drawn for, so "على" after "فيلا" reads back "علي". The page shows
      // each right.
      summary: 'فيلا فوق البحر',
      location: 'कोवलम, तिरुवनंतपुरम',
    };
    const bytes = await makeBrochure(named, office, 'https://kayalvillas.in', '2026-11-27');
    const raw = Buffer.from(bytes).toString('latin1');
    for (const face of ['DejaVuSans', 'NotoSansMalayalam', 'NotoSansDevanagari', 'NotoSansArabic'])
      expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${face}`));
    const pdf = await readBack(bytes);
    // Arabic, and a vowel sign drawn before its consonant, come back in the order drawn: read the letters
    // of each run, not their order (script-fonts.test.ts).
    const letters = (value: string) => [...value.normalize('NFD').replace(/[\s\p{Cc}]/gu, '')];
    const holdsLetters = (text: string, words: string) => {
      const pool = letters(text);
      return letters(words).every((letter) => {
        const at = pool.indexOf(letter);
        if (at !== -1) pool.splice(at, 1);
        return at !== -1;
      });
    };
    const cover = pdf.pages[0]?.text ?? '';
    for (const words of [named.title, named.summary, named.location])
      expect(holdsLetters(cover, words), words).toBe(true);
    expect(holdsLetters(cover, 'ქართული'), 'a name that is not there').toBe(false);
    // The brochure's own words stay in DejaVu after a run in another face.
    expect(cover).toContain('₹1.78 crore freehold');
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
