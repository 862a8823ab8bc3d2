import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { formatDate } from '../../lib/dates.ts';
import { registerScriptFonts, type Weight, writeText } from '../../server/documents/script-fonts.ts';
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

const coverHeight = Math.round(contentWidth / 2);

/** A picture under src/assets as a JPEG cropped to a frame (the two-column one by default), at twice its size for print. */
async function rasterisePicture(
  file: string,
  frame = { width: pictureWidth, height: pictureHeight },
): Promise<Buffer> {
  return sharp(file, { density: 144 })
    .resize(Math.round(frame.width * 2), Math.round(frame.height * 2), { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78 })
    .toBuffer();
}

/** A floor plan (SVG artwork) as a PNG that keeps its whole drawing, fitted to the page's width. */
async function rasterisePlan(file: string): Promise<{ image: Buffer; width: number; height: number }> {
  const image = await sharp(file, { density: 144 }).flatten({ background: '#ffffff' }).png().toBuffer();
  const { width = 1, height = 1 } = await sharp(image).metadata();
  return { image, width, height };
}

const kindWords: Record<string, string> = {
  airport: 'Airport',
  beach: 'Beach',
  city: 'City',
  station: 'Station',
  landmark: 'Landmark',
};

/**
 * The sale brochure of one home or project, several A4 pages a family can read and forward: the cover
 * (picture, price, facts, K-RERA block), the home itself (its description, pictures, specification
 * and amenities), a floor plan per unit type (a sample drawn for the brochure says so on it), where it
 * is (a map drawn to scale from the content's coordinates with the distances in a straight line) and,
 * for a project, its payment plan; then how to view it and the office. Every page's foot carries the
 * K-RERA line in the contact's size and the date the facts stand at. Links are whole and clickable: a
 * web address is never wrapped, and each carries its link. The same facts and `madeOn` (YYYY-MM-DD)
 * give the same bytes.
 */
export async function makeBrochure(
  facts: BrochureFacts,
  office: BrochureOffice,
  siteUrl: string,
  madeOn: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const [first, ...rest] = facts.pictures.slice(0, 3);
  const cover = first
    ? await rasterisePicture(first, { width: contentWidth, height: coverHeight })
    : undefined;
  const others = await Promise.all(rest.map((file) => rasterisePicture(file)));
  const plans = await Promise.all(
    facts.floorPlans.map(async (plan) => ({ ...plan, ...(await rasterisePlan(plan.file)) })),
  );
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
  const standsOn = formatDate(new Date(`${madeOn}T00:00:00Z`));

  const document = new PDFDocument({
    size: 'A4',
    margin,
    autoFirstPage: false,
    bufferPages: true,
    info: {
      Title: `${facts.title}: sale brochure`,
      Author: office.brand,
      Subject: `${facts.title}, ${facts.location}. ${facts.price}. ${facts.reraText}`,
      CreationDate: new Date(`${madeOn}T00:00:00Z`),
    },
    lang: 'en-GB',
    displayTitle: true,
  });
  // DejaVu Sans for the brochure's own words (it has ₹ and the ² of m²), and whatever the content is
  // written in (an editor's Malayalam name of a home, an Arabic line for buyers in the Gulf) in the
  // face of its script, as the receipts print a guest's name: each written through `write`.
  registerScriptFonts(document);
  const write = (text: string, weight: Weight, options: Parameters<typeof writeText>[3] = {}) =>
    writeText(document, text, weight, options);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    document.on('end', resolve);
    document.on('error', reject);
  });

  const footTop = a4.height - margin - 10;
  /** A new page with the brand and the page's heading; its foot is written once every page is laid out. */
  function startPage(heading: string) {
    document.addPage({ size: 'A4', margin });
    document
      .font('bold')
      .fontSize(11)
      .fillColor(lagoon)
      .text(office.brand, margin, margin, { lineBreak: false });
    document.font('regular').fontSize(9).fillColor(inkSoft);
    write(`${facts.title} · sale brochure`, 'regular', {
      x: margin,
      y: margin + 1,
      width: contentWidth,
      align: 'right',
    });
    document.y = margin + 30;
    if (heading) {
      document.font('bold').fontSize(16).fillColor(lagoon);
      write(heading, 'bold', { x: margin, y: document.y, width: contentWidth });
      document.moveDown(0.5);
    }
  }
  const bodyBottom = footTop - 34;
  /** Room for `height` more points on this page, else a new page continuing `heading`. */
  function ensureRoom(height: number, heading: string) {
    if (document.y + height > bodyBottom) startPage(`${heading} (continued)`);
  }
  function paragraph(text: string, size = 10.5, heading = '') {
    document.font('regular').fontSize(size);
    const height = document.heightOfString(text, { width: contentWidth });
    ensureRoom(height, heading);
    document.fillColor(ink);
    write(text, 'regular', { x: margin, y: document.y, width: contentWidth });
    document.moveDown(0.5);
  }
  /** A web address on a line of its own, in a size at which it fits whole, and a link. */
  function linkLine(label: string, url: string) {
    document
      .font('bold')
      .fontSize(contactSize)
      .fillColor(ink)
      .text(label, margin, document.y, { width: contentWidth });
    let size = contactSize;
    document.font('regular');
    while (size > 7 && document.fontSize(size).widthOfString(url) > contentWidth) size -= 0.5;
    document
      .fillColor(lagoon)
      .text(url, margin, document.y, { link: url, underline: true, lineBreak: false });
    document.fontSize(contactSize).moveDown(1);
  }
  function factsTable(rows: [string, string][], heading: string) {
    const labelWidth = 140;
    for (const [label, value] of rows) {
      document.font('regular').fontSize(10);
      ensureRoom(document.heightOfString(value, { width: contentWidth - labelWidth }) + 3, heading);
      const top = document.y;
      document.font('bold').fillColor(inkSoft).text(label, margin, top, { width: labelWidth });
      document.font('regular').fillColor(ink);
      write(value, 'regular', { x: margin + labelWidth, y: top, width: contentWidth - labelWidth });
      document.y = Math.max(document.y, top) + 3;
    }
  }
  function reraBlock() {
    const qrSize = 96;
    ensureRoom(qrCode ? qrSize + 8 : 40, 'The home');
    const top = document.y;
    const textLeft = qrCode ? margin + qrSize + 14 : margin;
    const textWidth = contentWidth - (textLeft - margin);
    if (qrCode) document.image(qrCode, margin, top, { width: qrSize, height: qrSize });
    document
      .font('bold')
      .fontSize(contactSize)
      .fillColor(ink)
      .text(facts.reraText, textLeft, top, { width: textWidth });
    if (qrCode && facts.rera.registrationUrl) {
      document
        .font('regular')
        .text('Scan the QR code for the registration on the regulator’s site, or open:', {
          width: textWidth,
        });
      let size = contactSize;
      while (size > 6 && document.fontSize(size).widthOfString(facts.rera.registrationUrl) > textWidth)
        size -= 0.5;
      document.fillColor(lagoon).text(facts.rera.registrationUrl, {
        link: facts.rera.registrationUrl,
        underline: true,
        lineBreak: false,
      });
      document.fontSize(contactSize).fillColor(ink);
    }
    document.y = Math.max(document.y, qrCode ? top + qrSize : 0) + 12;
  }

  // 1. The cover.
  startPage('');
  document.font('bold').fontSize(24).fillColor(lagoon);
  write(facts.title, 'bold', { x: margin, y: document.y, width: contentWidth });
  document.font('regular').fontSize(11).fillColor(inkSoft);
  write(facts.location, 'regular', { width: contentWidth });
  document.moveDown(0.4);
  document.fillColor(ink);
  write(facts.summary, 'regular', { width: contentWidth });
  if (cover) {
    const top = document.y + 10;
    const height = coverHeight;
    document.image(cover, margin, top, { width: contentWidth, height });
    document.y = top + height + 14;
  }
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
  factsTable(facts.facts, 'The home');
  document.moveDown(0.6);
  reraBlock();

  // 2. The home: its description, its other pictures, its specification and amenities.
  startPage('About the home');
  for (const text of facts.description.length > 0 ? facts.description : [facts.summary])
    paragraph(text, 10.5, 'About the home');
  if (others.length > 0) {
    ensureRoom(pictureHeight + 12, 'About the home');
    const top = document.y + 4;
    others.forEach((picture, index) => {
      document.image(picture, margin + index * (pictureWidth + pictureGap), top, {
        width: pictureWidth,
        height: pictureHeight,
      });
    });
    document.y = top + pictureHeight + 14;
  }
  ensureRoom(60, 'About the home');
  document
    .font('bold')
    .fontSize(13)
    .fillColor(lagoon)
    .text('Specification', margin, document.y, { width: contentWidth });
  document.moveDown(0.3);
  factsTable(facts.facts, 'Specification');
  if (facts.amenities.length > 0) {
    document.moveDown(0.6);
    ensureRoom(40, 'Amenities');
    document
      .font('bold')
      .fontSize(13)
      .fillColor(lagoon)
      .text('Amenities', margin, document.y, { width: contentWidth });
    document.moveDown(0.3);
    const columnWidth = (contentWidth - 16) / 2;
    const rows = Math.ceil(facts.amenities.length / 2);
    const top = document.y;
    let bottom = top;
    facts.amenities.forEach((amenity, index) => {
      const column = index < rows ? 0 : 1;
      if (index === rows) document.y = top;
      document.font('regular').fontSize(10).fillColor(ink);
      write(`• ${amenity}`, 'regular', {
        x: margin + column * (columnWidth + 16),
        y: document.y,
        width: columnWidth,
      });
      bottom = Math.max(bottom, document.y);
    });
    document.y = bottom + 6;
  }

  // 3. A floor plan per unit type.
  for (const plan of plans) {
    startPage(`Floor plan: ${plan.name}`);
    if (plan.illustrative) {
      document
        .font('bold')
        .fontSize(contactSize)
        .fillColor(inkSoft)
        .text(
          'Illustrative plan, not to scale: a sample layout drawn for this brochure, not the measured plan.',
          {
            width: contentWidth,
          },
        );
      document.moveDown(0.4);
    }
    const room = bodyBottom - document.y;
    const scale = Math.min(contentWidth / plan.width, room / plan.height);
    document.image(plan.image, margin, document.y, {
      width: plan.width * scale,
      height: plan.height * scale,
    });
    document.y += plan.height * scale + 10;
  }

  // 4. Where it is, and for a project how it is paid for.
  startPage('Where it is');
  document.font('regular').fontSize(10.5).fillColor(ink);
  write(facts.location, 'regular', { width: contentWidth });
  document.moveDown(0.4);
  if (facts.position && facts.nearby.length > 0) drawLocationMap(document, facts.position, facts.nearby);
  if (facts.nearby.length > 0) {
    factsTable(
      facts.nearby.map((place) => [
        kindWords[place.kind] ?? place.kind,
        `${place.name}: ${place.km} km in a straight line`,
      ]),
      'Where it is',
    );
    document.moveDown(0.6);
  }
  if (facts.paymentPlan.length > 0) {
    ensureRoom(40 + facts.paymentPlan.length * 16, 'Payment plan');
    document
      .font('bold')
      .fontSize(13)
      .fillColor(lagoon)
      .text('Payment plan', margin, document.y, { width: contentWidth });
    document.moveDown(0.3);
    factsTable(
      facts.paymentPlan.map(({ stage, percent }) => [`${percent}%`, stage]),
      'Payment plan',
    );
    paragraph(
      'Each stage is paid when the stage is certified by the project’s architect, as the agreement for sale sets out (RERA 2016, s. 13: no more than 10% before that agreement is registered).',
      9.5,
      'Payment plan',
    );
  }

  // Viewing and the office, on the last page.
  ensureRoom(150, 'Arrange a viewing');
  document.moveDown(0.4);
  document
    .font('bold')
    .fontSize(13)
    .fillColor(lagoon)
    .text('Arrange a viewing', margin, document.y, { width: contentWidth });
  document.moveDown(0.3);
  paragraph(
    'In person at the home, or by video call at a time our office keeps, shown on your own clock.',
    10.5,
    'Arrange a viewing',
  );
  linkLine('Choose a time online:', viewingUrl);
  document.font('bold').fontSize(contactSize).fillColor(lagoon);
  write(office.name, 'bold', { x: margin, y: document.y, width: contentWidth });
  document
    .font('regular')
    .fillColor(ink)
    .text(
      [
        `${office.street}, ${office.locality}, ${office.region} ${office.postalCode}, ${office.country}`,
        `Phone ${office.phone} · ${office.hours}`,
      ].join('\n'),
      { width: contentWidth },
    );
  document
    .text('Email ', { continued: true })
    .fillColor(lagoon)
    .text(office.email, {
      link: `mailto:${office.email}`,
      underline: true,
    });

  // Every page's foot: the RERA line in the contact's size (K-RERA's rule), and when the facts stood.
  const range = document.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    document.switchToPage(index);
    document.page.margins.bottom = 0;
    document
      .font('regular')
      .fontSize(8)
      .fillColor(inkSoft)
      .text(
        `Facts and price as they stood on ${standsOn}. Areas are carpet areas (RERA 2016, s. 2(k)); a sale is subject to contract. Page ${index + 1} of ${range.count}.`,
        margin,
        footTop,
        { width: contentWidth, lineBreak: true },
      );
    if (index > range.start) {
      document
        .fontSize(contactSize)
        .fillColor(ink)
        .text(
          facts.rera.registration ? `K-RERA registration ${facts.rera.registration}` : '',
          margin,
          footTop - 16,
          {
            width: contentWidth,
            lineBreak: false,
          },
        );
    }
  }

  document.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * A map of the home and the places nearby, drawn to scale from their coordinates (north up, an
 * equirectangular view, which is true enough across a few tens of kilometres), with a scale bar.
 */
function drawLocationMap(
  document: PDFKit.PDFDocument,
  home: { latitude: number; longitude: number },
  places: BrochureFacts['nearby'],
) {
  const size = { width: contentWidth, height: 250 };
  const top = document.y;
  const points = [home, ...places.map((place) => place.point)];
  const kmPerDegreeLat = 111.2;
  const kmPerDegreeLon = 111.2 * Math.cos((home.latitude * Math.PI) / 180);
  const xs = points.map((point) => (point.longitude - home.longitude) * kmPerDegreeLon);
  const ys = points.map((point) => (point.latitude - home.latitude) * kmPerDegreeLat);
  const spanX = Math.max(2, ...xs.map(Math.abs)) * 2.4;
  const spanY = Math.max(2, ...ys.map(Math.abs)) * 2.4;
  const pointsPerKm = Math.min(size.width / spanX, size.height / spanY);
  const centre = { x: margin + size.width / 2, y: top + size.height / 2 };
  const at = (index: number) => ({
    x: centre.x + (xs[index] ?? 0) * pointsPerKm,
    y: centre.y - (ys[index] ?? 0) * pointsPerKm,
  });

  document.save();
  document.rect(margin, top, size.width, size.height).fillAndStroke('#f3efe6', '#c9c2b4');
  places.forEach((place, index) => {
    const point = at(index + 1);
    document
      .moveTo(centre.x, centre.y)
      .lineTo(point.x, point.y)
      .dash(3, { space: 3 })
      .strokeColor('#8a8478')
      .stroke();
    document.undash();
    document.circle(point.x, point.y, 4).fill(inkSoft);
    const right = point.x < margin + size.width - 150;
    document.font('regular').fontSize(8.5).fillColor(ink);
    writeText(document, `${place.name} (${place.km} km)`, 'regular', {
      x: right ? point.x + 7 : point.x - 157,
      y: point.y - 5,
      width: 150,
      align: right ? 'left' : 'right',
      lineBreak: false,
    });
  });
  document.circle(centre.x, centre.y, 6).fill(lagoon);
  document
    .font('bold')
    .fontSize(9)
    .fillColor(lagoon)
    .text('The home', centre.x + 9, centre.y - 6, { lineBreak: false });
  // North arrow and a scale bar of a round number of kilometres.
  document
    .font('bold')
    .fontSize(9)
    .fillColor(ink)
    .text('N ↑', margin + size.width - 30, top + 8, { lineBreak: false });
  const barKm = [1, 2, 5, 10, 20, 50].find((km) => km * pointsPerKm >= 50) ?? 50;
  const barLeft = margin + 10;
  const barTop = top + size.height - 16;
  document
    .moveTo(barLeft, barTop)
    .lineTo(barLeft + barKm * pointsPerKm, barTop)
    .lineWidth(2)
    .strokeColor(ink)
    .stroke();
  document.lineWidth(1);
  document
    .font('regular')
    .fontSize(8)
    .fillColor(ink)
    .text(`${barKm} km`, barLeft, barTop - 11, { lineBreak: false });
  document.restore();
  document.y = top + size.height + 10;
  document.x = margin;
}
