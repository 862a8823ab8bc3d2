import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { bookingRequestSchema } from '../../features/booking/booking-contract.ts';
import { propertyFactFields } from '../../lib/content-schemas.ts';
import type { PropertyKind } from '../../lib/paths.ts';
import { log } from '../runtime/logger.ts';

/**
 * What the server knows about each villa and apartment: the facts a stay is priced and checked by,
 * read from the frontmatter of the same content files the pages are built from. Functions cannot use
 * `astro:content`, so they read the files themselves (shipped with them by netlify.toml's
 * `included_files`).
 */
export const propertyFactsSchema = z.object({
  /** The file name without `.md`; a guest names the property by it, so it must pass the form's check. */
  slug: bookingRequestSchema.shape.property,
  kind: z.enum(['villas', 'apartments']),
  ...propertyFactFields,
  /** Where it is, "North Cliff, Varkala, Thiruvananthapuram": the area a confirmation email names. */
  location: z.string().trim().min(1),
  /** Zero for a studio; a search's results show it beside what the property sleeps. */
  bedrooms: z.int().nonnegative(),
});

export type PropertyFacts = z.infer<typeof propertyFactsSchema>;

export type Catalogue = {
  /** Villas then apartments, each in the old site's order. */
  properties: PropertyFacts[];
  find(slug: string): PropertyFacts | undefined;
};

const propertyKinds: readonly PropertyKind[] = ['villas', 'apartments'];

const frontmatterPattern = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/**
 * The facts in one content file's frontmatter. Throws an error naming the file and every field that is
 * missing or wrong, so a bad edit stops the function with a message an editor can act on.
 */
export function parsePropertyFacts(
  markdown: string,
  where: { slug: string; kind: PropertyKind },
): PropertyFacts {
  const file = `src/content/${where.kind}/${where.slug}.md`;
  const frontmatter = frontmatterPattern.exec(markdown)?.[1];
  if (frontmatter === undefined) throw new Error(`${file} has no frontmatter between --- lines`);
  let data: unknown;
  try {
    data = parseYaml(frontmatter);
  } catch (error) {
    throw new Error(`${file} has frontmatter that is not valid YAML`, { cause: error });
  }
  const parsed = propertyFactsSchema.safeParse({ ...(data as object), ...where });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new Error(`${file} is not a valid ${where.kind.slice(0, -1)}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Reads every villa and apartment under `root`/src/content, refusing a catalogue that contradicts itself. */
export async function readCatalogue(root: string): Promise<Catalogue> {
  const properties: PropertyFacts[] = [];
  for (const kind of propertyKinds) {
    const directory = path.join(root, 'src', 'content', kind);
    const names = (await readdir(directory)).filter((name) => name.endsWith('.md'));
    const entries = await Promise.all(
      names.map(async (name) =>
        parsePropertyFacts(await readFile(path.join(directory, name), 'utf8'), {
          slug: name.slice(0, -'.md'.length),
          kind,
        }),
      ),
    );
    properties.push(...entries.sort((a, b) => a.legacyId - b.legacyId));
  }
  const bySlug = new Map<string, PropertyFacts>();
  const byLegacyId = new Map<string, PropertyFacts>();
  for (const property of properties) {
    // A booking names its property by slug alone, so a villa and an apartment may not share one.
    const sameSlug = bySlug.get(property.slug);
    if (sameSlug)
      throw new Error(`${sameSlug.kind}/${property.slug} and ${property.kind}/${property.slug} share a slug`);
    bySlug.set(property.slug, property);
    const legacyKey = `${property.kind}:${property.legacyId}`;
    const sameId = byLegacyId.get(legacyKey);
    if (sameId) {
      throw new Error(`${sameId.slug} and ${property.slug} share the legacy id ${property.legacyId}`);
    }
    byLegacyId.set(legacyKey, property);
  }
  return { properties, find: (slug) => bySlug.get(slug) };
}

const loaded = new Map<string, Promise<Catalogue>>();

/**
 * The catalogue of this deploy, read once per process: the files only change with a new deploy. A
 * failed read is not kept, so the next request tries again.
 */
export function loadCatalogue(root = process.cwd()): Promise<Catalogue> {
  let catalogue = loaded.get(root);
  if (!catalogue) {
    catalogue = readCatalogue(root);
    loaded.set(root, catalogue);
    catalogue.catch(() => loaded.delete(root));
  }
  return catalogue;
}

/** The villa or apartment with this slug, or undefined when the catalogue has none. */
export async function findProperty(slug: string): Promise<PropertyFacts | undefined> {
  return (await loadCatalogue()).find(slug);
}

/**
 * Property names from the content files, for the office's screens and emails; the slug itself when the
 * catalogue cannot be read (logged), so a broken content file never hides a booking.
 */
export async function readPropertyNames(): Promise<(slug: string) => string> {
  const catalogue = await loadCatalogue().catch((error: unknown) => {
    log().error({ err: error }, 'The property catalogue could not be read; the dashboard shows slugs');
    return undefined;
  });
  return (slug) => catalogue?.find(slug)?.name ?? slug;
}
