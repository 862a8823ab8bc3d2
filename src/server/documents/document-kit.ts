import PDFDocument from 'pdfkit';
import { registerScriptFonts, writeText } from './script-fonts.ts';

/**
 * The page every money document of ours is printed on (a receipt, a credit note): A4, the company's
 * name and address at the top, the title on the right, then labelled rows under headings, each value
 * written with writeText so a guest's words in any script are drawn and can be copied back out.
 */

/** The company as the site settings give it (src/content/site.json). */
export type DocumentCompany = {
  brand: string;
  office: {
    name: string;
    street: string;
    locality: string;
    region: string;
    postalCode: string;
    country: string;
    phone: string;
    email: string;
  };
  gstin?: string | undefined;
};

const ink = '#1b2623';
const inkSoft = '#44524e';
const lagoon = '#0e4a47';
const margin = 48;
const contentWidth = 595.28 - 2 * margin;

/** A document being written: its rows and headings, a closing note, and its bytes when finished. */
export type MoneyDocument = {
  rows(pairs: [string, string][], options?: { size?: number; labelWidth?: number }): void;
  heading(text: string): void;
  note(lines: string[]): void;
  finish(): Promise<Uint8Array>;
};

/**
 * Starts a document titled `title` with the company's letterhead. `info` is the PDF's own; the same
 * facts give the same bytes when its CreationDate is the document's day.
 */
export function startMoneyDocument(
  title: string,
  company: DocumentCompany,
  info: { Title: string; Subject: string; CreationDate: Date },
): MoneyDocument {
  const document = new PDFDocument({
    size: 'A4',
    margin,
    info: { ...info, Author: company.brand },
    lang: 'en-GB',
    displayTitle: true,
  });
  registerScriptFonts(document);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    document.on('end', resolve);
    document.on('error', reject);
  });

  const { office } = company;
  document.font('bold').fontSize(16).fillColor(lagoon).text(company.brand, margin, margin);
  document
    .font('bold')
    .fontSize(14)
    .fillColor(ink)
    .text(title, margin, margin + 2, { width: contentWidth, align: 'right' });
  document.moveDown(0.6);
  document
    .font('regular')
    .fontSize(9)
    .fillColor(inkSoft)
    .text(
      [
        office.name,
        `${office.street}, ${office.locality}, ${office.region} ${office.postalCode}, ${office.country}`,
        `${office.phone} · ${office.email}`,
        ...(company.gstin ? [`GSTIN ${company.gstin}`] : []),
      ].join('\n'),
      margin,
      undefined,
      { width: contentWidth },
    );
  document.moveDown(1);

  return {
    rows(pairs, { size = 10, labelWidth = 150 } = {}) {
      for (const [label, value] of pairs) {
        const top = document.y;
        document
          .font('bold')
          .fontSize(size)
          .fillColor(inkSoft)
          .text(label, margin, top, { width: labelWidth });
        const afterLabel = document.y;
        // A value may be the guest's words, in any script: each run in a face that draws it.
        writeText(document.fillColor(ink), value, 'regular', {
          x: margin + labelWidth,
          y: top,
          width: contentWidth - labelWidth,
        });
        document.y = Math.max(document.y, afterLabel) + 3;
      }
    },
    heading(text) {
      document.moveDown(0.8);
      document
        .font('bold')
        .fontSize(11)
        .fillColor(lagoon)
        .text(text, margin, document.y, { width: contentWidth });
      document.moveDown(0.3);
    },
    note(lines) {
      document.moveDown(1.2);
      document
        .font('regular')
        .fontSize(9)
        .fillColor(inkSoft)
        .text(lines.join('\n'), margin, document.y, { width: contentWidth });
    },
    async finish() {
      document.end();
      await finished;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
