import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { formatDate } from '../../lib/dates.ts';
import type { BrochureFacts } from './brochure-facts.ts';

/** The office as every brochure gives it (src/content/site.json). */
export type BrochureOffice = {
  brand: string;
  name: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
  hours: string;
};

// DejaVu Sans has the rupee sign (₹, U+20B9) and the superscript two of m²; PDFKit embeds the subset used.
const fontFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const regular = path.join(fontFolder, 'DejaVuSans.ttf');
const bold = path.join(fontFolder, 'DejaVuSans-Bold.ttf');

const ink = '#1b2623';
const inkSoft = '#44524e';
const lagoon = '#0e4a47';

const a4 = { width: 595.28, height: 841.89 };
const margin = 48;
const contentWidth = a4.width - 2 * margin;
// The registration and the office's contact share one size: K-RERA wants the registration no smaller.
const contactSize = 10;

const pictureGap = 12;
const pictureWidth = (contentWidth - pictureGap) / 2;
const pictureHeight = Math.round((pictureWidth * 2) / 3);

/** A picture under src/assets as a JPEG cropped to the brochure's frame, at twice its size for print. */
async function rasterisePicture(file: string): Promise<Buffer> {
  return sharp(file, { density: 144 })
    .resize(Math.round(pictureWidth * 2), Math.round(pictureHeight * 2), { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78 })
    .toBuffer();
}

/**
 * The sale brochure of one home or project: one A4 page with two pictures, the facts and areas, the
 * price, the K-RERA registration with its QR code (or the exemption), and the office's contact. The
 * same facts and `madeOn` (YYYY-MM-DD, printed as the date the facts stand at) give the same bytes.
 */
export async function makeBrochure(
  facts: BrochureFacts,
  office: BrochureOffice,
  siteUrl: string,
  madeOn: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const pictures = await Promise.all(facts.pictures.slice(0, 2).map(rasterisePicture));
  const qrCode =
    facts.rera.registration && facts.rera.registrationUrl
      ? await QRCode.toBuffer(facts.rera.registrationUrl, {
          type: 'png',
          margin: 1,
          width: 240,
          errorCorrectionLevel: 'M',
        })
      : undefined;
  const viewingUrl = new URL(facts.viewingPath, siteUrl).href;

  const document = new PDFDocument({
    size: 'A4',
    margin,
    info: {
      Title: `${facts.title}: sale brochure`,
      Author: office.brand,
      Subject: `${facts.title}, ${facts.location}. ${facts.price}. ${facts.reraText}`,
      CreationDate: new Date(`${madeOn}T00:00:00Z`),
    },
    lang: 'en-GB',
    displayTitle: true,
  });
  document.registerFont('regular', regular);
  document.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    document.on('end', resolve);
    document.on('error', reject);
  });

  document
    .font('bold')
    .fontSize(11)
    .fillColor(lagoon)
    .text(office.brand, margin, margin, { continued: false });
  document
    .font('regular')
    .fontSize(9)
    .fillColor(inkSoft)
    .text('Sale brochure', margin, margin + 1, { width: contentWidth, align: 'right' });

  document.moveDown(1.2);
  document
    .font('bold')
    .fontSize(22)
    .fillColor(lagoon)
    .text(facts.title, margin, undefined, { width: contentWidth });
  document.font('regular').fontSize(11).fillColor(inkSoft).text(facts.location, { width: contentWidth });
  document.moveDown(0.4);
  document.fillColor(ink).text(facts.summary, { width: contentWidth });

  const picturesTop = document.y + 12;
  pictures.forEach((picture, index) => {
    document.image(picture, margin + index * (pictureWidth + pictureGap), picturesTop, {
      width: pictureWidth,
      height: pictureHeight,
    });
  });
  document.y = picturesTop + (pictures.length > 0 ? pictureHeight + 16 : 0);

  document
    .font('bold')
    .fontSize(18)
    .fillColor(lagoon)
    .text(facts.price, margin, document.y, { width: contentWidth });
  if (facts.approximatePrice) {
    document
      .font('regular')
      .fontSize(10)
      .fillColor(inkSoft)
      .text(facts.approximatePrice, { width: contentWidth });
  }
  document.moveDown(0.5);

  const labelWidth = 130;
  for (const [label, value] of facts.facts) {
    const top = document.y;
    document.font('bold').fontSize(10).fillColor(inkSoft).text(label, margin, top, { width: labelWidth });
    document
      .font('regular')
      .fillColor(ink)
      .text(value, margin + labelWidth, top, { width: contentWidth - labelWidth });
    document.y = Math.max(document.y, top) + 3;
  }

  document.y += 12;
  const reraTop = document.y;
  const qrSize = 96;
  const textLeft = qrCode ? margin + qrSize + 14 : margin;
  const textWidth = contentWidth - (textLeft - margin);
  if (qrCode) document.image(qrCode, margin, reraTop, { width: qrSize, height: qrSize });
  document.font('bold').fontSize(contactSize).fillColor(ink).text(facts.reraText, textLeft, reraTop, {
    width: textWidth,
  });
  if (qrCode && facts.rera.registrationUrl) {
    document
      .font('regular')
      .text(`Scan the QR code for the registration on the regulator’s site: ${facts.rera.registrationUrl}`, {
        width: textWidth,
      });
  }
  document.y = Math.max(document.y, qrCode ? reraTop + qrSize : 0) + 16;

  document.font('bold').fontSize(contactSize).fillColor(lagoon).text(office.name, margin, document.y, {
    width: contentWidth,
  });
  document
    .font('regular')
    .fillColor(ink)
    .text(
      [
        `${office.street}, ${office.locality}, ${office.region} ${office.postalCode}, ${office.country}`,
        `Phone ${office.phone} · ${office.email} · ${office.hours}`,
        `Arrange a viewing, in person or by video call: ${viewingUrl}`,
      ].join('\n'),
      { width: contentWidth },
    );

  // The footer sits in the bottom margin, which would otherwise start a second page.
  document.page.margins.bottom = 0;
  document
    .font('regular')
    .fontSize(8)
    .fillColor(inkSoft)
    .text(
      `Facts and price as they stood on ${formatDate(new Date(`${madeOn}T00:00:00Z`))}. Areas are carpet areas (RERA 2016, s. 2(k)); a sale is subject to contract.`,
      margin,
      a4.height - margin - 20,
      { width: contentWidth },
    );

  document.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
