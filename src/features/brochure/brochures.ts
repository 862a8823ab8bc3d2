import { getCollection, getEntry } from 'astro:content';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import content from '../../content/site.json' with { type: 'json' };
import { todayInKerala } from '../../lib/dates.ts';
import {
  type BrochureFacts,
  describeBrochureLink,
  describeProjectForBrochure,
  describePropertyForBrochure,
  hasBrochure,
} from './brochure-facts.ts';
import { makeBrochure } from './make-brochure.ts';

/** A brochure as the build serves it and the pages link to it. */
export type Brochure = {
  kind: BrochureFacts['kind'];
  slug: string;
  bytes: Uint8Array<ArrayBuffer>;
  href: string;
  label: string;
};

/**
 * The pictures' files, as the content file names them relative to itself. Astro hands the pages a
 * picture's URL, not its file, and the brochure rasterises the file.
 */
async function readPictureFiles(filePath: string | undefined): Promise<string[]> {
  if (!filePath) return [];
  const file = path.resolve(filePath);
  const [, front = ''] = (await readFile(file, 'utf8')).split(/^---$/m);
  const data = parse(front) as { images?: { src: string }[]; image?: { src: string } };
  const pictures = data.images ?? (data.image ? [data.image] : []);
  return pictures.map((picture) => path.resolve(path.dirname(file), picture.src));
}

/** Every brochure's facts: the villas and apartments, then the projects, open to buyers. */
async function listBrochureFacts(): Promise<BrochureFacts[]> {
  const rates = (await getEntry('exchangeRates', 'rates'))?.data;
  const facts: BrochureFacts[] = [];
  for (const kind of ['villas', 'apartments'] as const) {
    for (const entry of await getCollection(kind)) {
      if (!hasBrochure(entry.data)) continue;
      const pictures = await readPictureFiles(entry.filePath);
      facts.push(describePropertyForBrochure(kind, entry.id, entry.data, pictures, rates));
    }
  }
  for (const entry of await getCollection('projects')) {
    const { rera } = entry.data;
    if (!rera || !hasBrochure(entry.data)) continue;
    const pictures = await readPictureFiles(entry.filePath);
    facts.push(describeProjectForBrochure(entry.id, { ...entry.data, rera }, pictures, rates));
  }
  return facts;
}

async function makeAllBrochures(): Promise<Brochure[]> {
  const siteUrl = import.meta.env.SITE ?? 'https://kayalvillas.in';
  const madeOn = todayInKerala();
  const { site } = content;
  return Promise.all(
    (await listBrochureFacts()).map(async (facts) => {
      const bytes = await makeBrochure(facts, { brand: site.brand, ...site.office }, siteUrl, madeOn);
      return {
        kind: facts.kind,
        slug: facts.slug,
        bytes,
        ...describeBrochureLink(facts.kind, facts.slug, bytes.length),
      };
    }),
  );
}

// Made once per build: the pages that link to a brochure and its own route read the same bytes, so a
// link's size is the file's.
let made: Promise<Brochure[]> | undefined;

/** Every brochure of the build, made on first use. */
export function listBrochures(): Promise<Brochure[]> {
  made ??= makeAllBrochures();
  return made;
}

/** The brochure of this home or project, or undefined when it has none (not open to buyers). */
export async function findBrochure(kind: BrochureFacts['kind'], slug: string): Promise<Brochure | undefined> {
  return (await listBrochures()).find((brochure) => brochure.kind === kind && brochure.slug === slug);
}
