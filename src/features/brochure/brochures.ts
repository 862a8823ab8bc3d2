import { getCollection, getEntry } from 'astro:content';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import content from '../../content/site.json' with { type: 'json' };
import { todayInKerala } from '../../lib/dates.ts';
import {
  type BrochureExtras,
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

type FrontMatter = {
  images?: { src: string }[];
  image?: { src: string };
  amenities?: string[];
  latitude?: number;
  longitude?: number;
  brochure?: {
    floorPlans?: { name: string; src: string; illustrative?: boolean }[];
    nearby?: { name: string; kind: string; latitude: number; longitude: number }[];
    latitude?: number;
    longitude?: number;
    paymentPlan?: { stage: string; percent: number }[];
  };
};

/**
 * The pictures' and plans' files, as the content file names them relative to itself (Astro hands the
 * pages a picture's URL, not its file, and the brochure rasterises the file), and the Markdown body as
 * paragraphs of plain text.
 */
async function readContentFile(
  filePath: string | undefined,
): Promise<{ pictures: string[]; extras: BrochureExtras }> {
  if (!filePath) return { pictures: [], extras: { description: [], floorPlans: [] } };
  const file = path.resolve(filePath);
  const [, front = '', ...body] = (await readFile(file, 'utf8')).split(/^---$/m);
  const data = parse(front) as FrontMatter;
  const near = (src: string) => path.resolve(path.dirname(file), src);
  const pictures = (data.images ?? (data.image ? [data.image] : [])).map((picture) => near(picture.src));
  const latitude = data.latitude ?? data.brochure?.latitude;
  const longitude = data.longitude ?? data.brochure?.longitude;
  const description = body
    .join('---')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').replace(/[*_`]/g, '').trim())
    .filter(Boolean);
  return {
    pictures,
    extras: {
      description,
      amenities: data.amenities,
      floorPlans: (data.brochure?.floorPlans ?? []).map((plan) => ({
        name: plan.name,
        file: near(plan.src),
        illustrative: plan.illustrative ?? true,
      })),
      position: latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined,
      nearby: data.brochure?.nearby,
      paymentPlan: data.brochure?.paymentPlan,
    },
  };
}

/** Every brochure's facts: the villas and apartments, then the projects, open to buyers. */
async function listBrochureFacts(): Promise<BrochureFacts[]> {
  const rates = (await getEntry('exchangeRates', 'rates'))?.data;
  const facts: BrochureFacts[] = [];
  for (const kind of ['villas', 'apartments'] as const) {
    for (const entry of await getCollection(kind)) {
      if (!hasBrochure(entry.data)) continue;
      const { pictures, extras } = await readContentFile(entry.filePath);
      facts.push(describePropertyForBrochure(kind, entry.id, entry.data, pictures, rates, extras));
    }
  }
  for (const entry of await getCollection('projects')) {
    const { rera } = entry.data;
    if (!rera || !hasBrochure(entry.data)) continue;
    const { pictures, extras } = await readContentFile(entry.filePath);
    facts.push(describeProjectForBrochure(entry.id, { ...entry.data, rera }, pictures, rates, extras));
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
