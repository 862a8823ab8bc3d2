import type { ImageFunction } from 'astro:content';
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildCmsConfig, type CmsField, cmsEditableFolders } from './cms-config.ts';
import {
  conciergeSchema,
  exchangeRatesSchema,
  jobSchema,
  policySchema,
  postSchema,
  projectSchema,
  propertySchema,
  siteSchema,
} from './content-schemas.ts';

const image = (() => z.string().min(1)) as unknown as ImageFunction;
const config = buildCmsConfig({ localBackendUrl: 'http://127.0.0.1:8081/api/v1' });

type Collection = {
  name: string;
  label: string;
  folder?: string;
  fields?: CmsField[];
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  media_folder?: string;
};
const collections = config.collections as Collection[];
const collectionNamed = (name: string) => {
  const found = collections.find((collection) => collection.name === name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
};
const fileFields = (name: string) => {
  const file = collectionNamed('settings').files?.find((entry) => entry.name === name);
  if (!file) throw new Error(`no settings file ${name}`);
  return file.fields;
};
const fieldsOf = (field: CmsField) => (field.fields ?? []) as CmsField[];

/** An object schema's fields, unwrapping the refine a property's schema carries. */
const shapeOf = (schema: z.ZodType) => (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;

/** The schema and the editor's fields for each kind of content an editor changes. */
const pairs: [string, z.ZodType, CmsField[]][] = [
  ['villas', propertySchema(image), collectionNamed('villas').fields ?? []],
  ['apartments', propertySchema(image), collectionNamed('apartments').fields ?? []],
  ['projects', projectSchema(image), collectionNamed('projects').fields ?? []],
  ['posts', postSchema(image), collectionNamed('posts').fields ?? []],
  ['policies', policySchema, collectionNamed('policies').fields ?? []],
  ['site', siteSchema, fieldsOf(fileFields('site')[0] as CmsField)],
  ['jobs', jobSchema, fieldsOf(fileFields('jobs')[0] as CmsField)],
  ['concierge', conciergeSchema, fieldsOf(fileFields('concierge')[0] as CmsField)],
  ['exchange-rates', exchangeRatesSchema, fieldsOf(fileFields('exchange-rates')[0] as CmsField)],
];

/**
 * Walks a zod object and its editor fields side by side and reports every disagreement: a schema field
 * missing from the editor, a different required-ness, a number range the schema does not hold to.
 */
function compare(schema: z.ZodType, fields: CmsField[], where: string): string[] {
  const problems: string[] = [];
  for (const [name, fieldSchema] of Object.entries(shapeOf(schema))) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) {
      problems.push(`${where}.${name} is not in the editor`);
      continue;
    }
    const optional = fieldSchema.safeParse(undefined).success;
    if (optional !== (field.required === false)) problems.push(`${where}.${name}: required-ness differs`);
    if (field.widget === 'number') {
      const step = field.value_type === 'int' ? 1 : 0.0001;
      if (typeof field.min === 'number') {
        if (!fieldSchema.safeParse(field.min).success)
          problems.push(`${where}.${name}: min ${field.min} refused`);
        if (fieldSchema.safeParse(field.min - step).success)
          problems.push(`${where}.${name}: below min accepted`);
      } else if (fieldSchema.safeParse(-1e9).success === false) {
        problems.push(`${where}.${name}: the schema has a lower bound the editor lacks`);
      }
      if (typeof field.max === 'number') {
        if (!fieldSchema.safeParse(field.max).success)
          problems.push(`${where}.${name}: max ${field.max} refused`);
        if (fieldSchema.safeParse(field.max + step).success)
          problems.push(`${where}.${name}: above max accepted`);
      } else if (fieldSchema.safeParse(1e9).success === false) {
        problems.push(`${where}.${name}: the schema has an upper bound the editor lacks`);
      }
    }
    // A default or an optional wraps the object or list it stands for.
    const inner =
      (fieldSchema as unknown as { _zod: { def: { innerType?: z.ZodType } } })._zod.def.innerType ??
      fieldSchema;
    if (field.widget === 'object') problems.push(...compare(inner, fieldsOf(field), `${where}.${name}`));
    if ((field.widget === 'list' || field.widget === 'seasons') && field.fields) {
      const element = (inner as unknown as { element: z.ZodType }).element;
      problems.push(...compare(element, fieldsOf(field), `${where}.${name}[]`));
    }
  }
  for (const field of fields) {
    if (!(field.name in shapeOf(schema)) && !['body', 'id'].includes(field.name)) {
      problems.push(`${where}.${field.name} is in the editor but not in the schema`);
    }
  }
  return problems;
}

describe('the content editor configuration', () => {
  it.each(pairs)(
    'asks for every %s field the schema has, as required and in the range the schema holds',
    (name, schema, fields) => {
      expect(compare(schema, fields, name)).toEqual([]);
    },
  );

  it('refuses in the editor a text shorter or longer than the schema allows', () => {
    const summary = (collectionNamed('villas').fields ?? []).find((field) => field.name === 'summary');
    const [pattern] = (summary?.pattern ?? ['']) as [string, string];
    const rule = new RegExp(pattern);
    expect(rule.test('x'.repeat(39))).toBe(false);
    expect(rule.test('x'.repeat(40))).toBe(true);
    expect(rule.test('x'.repeat(170))).toBe(true);
    expect(rule.test('x'.repeat(171))).toBe(false);
  });

  it('lets an editor pick a picture for every image, with its alt text required', () => {
    const images = (collectionNamed('villas').fields ?? []).find((field) => field.name === 'images');
    expect(images).toMatchObject({ widget: 'list', min: 3 });
    expect(fieldsOf(images as CmsField)).toEqual([
      expect.objectContaining({ name: 'src', widget: 'image' }),
      expect.objectContaining({
        name: 'alt',
        widget: 'string',
        pattern: [expect.any(String), expect.any(String)],
      }),
    ]);
  });

  it('puts a villa’s uploaded pictures under src/assets/images, where astro:assets optimises them', () => {
    expect(collectionNamed('villas')).toMatchObject({
      folder: 'src/content/villas',
      media_folder: '../../assets/images/villas',
      public_folder: '../../assets/images/villas',
    });
  });

  // A content field missing from the editor could not be edited, and Decap may drop it
  // on the next save.
  it.each(['villas', 'apartments', 'projects', 'posts', 'policies'])(
    'knows every front-matter field the %s files use, so a save drops nothing',
    (name) => {
      const known = new Set((collectionNamed(name).fields ?? []).map((field) => field.name));
      const folder = `src/content/${name}`;
      for (const file of readdirSync(folder).filter((entry) => entry.endsWith('.md'))) {
        const frontMatter = parse(readFileSync(`${folder}/${file}`, 'utf8').split(/^---$/m)[1] ?? '');
        for (const key of Object.keys(frontMatter)) expect(known, `${folder}/${file}: ${key}`).toContain(key);
      }
    },
  );

  // The local backend refuses every path outside them, so a folder named here but outside would fail to save.
  it('names only folders and files inside the ones the local backend lets the editor reach', () => {
    const inside = (path: string) => cmsEditableFolders.some((folder) => path.startsWith(`${folder}/`));
    const named: string[] = [config.media_folder];
    for (const collection of collections) {
      if (collection.folder) named.push(`${collection.folder}/entry.md`);
      // A collection's media folder is relative to its entries, as Decap resolves it.
      if (collection.folder && collection.media_folder) {
        named.push(posix.join(collection.folder, collection.media_folder, 'picture.jpg'));
      }
      for (const file of collection.files ?? []) named.push(file.file);
    }
    expect(named.length).toBeGreaterThan(8);
    expect(named.filter((path) => !inside(path))).toEqual([]);
  });

  // The dashboard links a sold home to its entry by the content's names (paths.ts, cmsEntryPath).
  it.each(['villas', 'apartments', 'projects'])(
    'names the %s collection as the content folder it edits',
    (kind) => {
      expect(collectionNamed(kind).folder).toBe(`src/content/${kind}`);
    },
  );

  // An editor reads every label: none may be a field's code name, a unit in letters or a developer's word.
  it('labels every collection, file and field in plain words', () => {
    const labels: string[] = [];
    const collect = (fields: CmsField[] | undefined) => {
      for (const field of fields ?? []) {
        labels.push(field.label);
        collect(field.fields as CmsField[] | undefined);
        if (field.field) collect([field.field as CmsField]);
      }
    };
    for (const collection of collections) {
      labels.push(collection.label);
      collect(collection.fields);
      for (const file of collection.files ?? []) {
        labels.push(file.label);
        collect(file.fields);
      }
    }
    expect(labels.length).toBeGreaterThan(100);
    const developerWords = /\b(id|ids|src|alt|url|uri|slug|json|yaml|legacy|gbp|inr|m2|iso|rera|faq)\b/i;
    expect(labels.filter((label) => developerWords.test(label.replace(/Kerala RERA/, '')))).toEqual([]);
    // camelCase ("weeklyRateGbp") or kebab-case ("under-offer") is a code name, not a label.
    expect(labels.filter((label) => /[a-z][A-Z]|[a-z]-[a-z]/.test(label))).toEqual([]);
  });

  it('shows every select’s options in words, storing the code the schema reads', () => {
    const selects: CmsField[] = [];
    const collect = (fields: CmsField[] | undefined) => {
      for (const field of fields ?? []) {
        if (field.widget === 'select') selects.push(field);
        collect(field.fields as CmsField[] | undefined);
      }
    };
    for (const collection of collections) {
      collect(collection.fields);
      for (const file of collection.files ?? []) collect(file.fields);
    }
    const options = selects.flatMap((field) => field.options as { label: string; value: string }[]);
    expect(options.length).toBeGreaterThan(10);
    // A kebab-case code ("under-offer") or a bare currency code ("GBP") shown as it is stored is no label.
    expect(options.filter(({ label, value }) => label === value && /-|^[A-Z]{3}$/.test(value))).toEqual([]);
    expect(options).toContainEqual({ label: 'Under offer', value: 'under-offer' });
    expect(options).toContainEqual({ label: 'Under construction', value: 'under-construction' });
    expect(options).toContainEqual({ label: 'British Pound (GBP)', value: 'GBP' });
    expect(options).toContainEqual({ label: 'Saturday', value: 'Saturday' });
  });

  it('sums up each collapsed season by its name and dates', () => {
    const seasons = (collectionNamed('villas').fields ?? []).find((field) => field.name === 'seasons');
    expect(seasons).toMatchObject({
      widget: 'seasons',
      summary: "{{fields.name}}, {{fields.from | date('D MMM')}}–{{fields.to | date('D MMM YYYY')}}",
    });
    expect(fieldsOf(seasons as CmsField).filter((field) => ['from', 'to'].includes(field.name))).toEqual([
      expect.objectContaining({
        label: 'First night',
        widget: 'datetime',
        format: 'YYYY-MM-DD',
        time_format: false,
      }),
      expect.objectContaining({
        label: 'Last night',
        widget: 'datetime',
        format: 'YYYY-MM-DD',
        time_format: false,
      }),
    ]);
  });

  it('reads the JSON lists under the key the editor writes', () => {
    expect(JSON.parse(readFileSync('src/content/jobs.json', 'utf8'))).toHaveProperty('jobs');
    expect(JSON.parse(readFileSync('src/content/concierge.json', 'utf8'))).toHaveProperty('services');
    expect(fileFields('jobs')[0]?.name).toBe('jobs');
    expect(fileFields('concierge')[0]?.name).toBe('services');
    expect(JSON.parse(readFileSync('src/content/exchange-rates.json', 'utf8'))).toHaveProperty('rates');
    expect(fileFields('exchange-rates')[0]?.name).toBe('rates');
  });
});
