import type { ImageFunction } from 'astro:content';
import { z } from 'astro/zod';
import { describeProjectStatus, type ProjectStatus } from './catalogue.ts';
import { contentFormats } from './cms-formats.ts';
import { type ServicePricing, servicePricings, servicePricingWords } from './concierge-services.ts';
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
import { buyerCurrencies } from './money.ts';
import {
  describeReraExemption,
  describeSaleStatus,
  type ReraExemptionGround,
  reraExemptionGrounds,
  type SaleStatus,
  saleStatuses,
} from './sale-law.ts';

/**
 * The content editor's configuration (Decap CMS, served at /cms), generated from the zod content
 * schemas so the editor asks for exactly what the build accepts: a field the schema requires is
 * required in the editor, a number keeps its range, a text its length or pattern. A field added to a
 * schema (e.g. a villa's rate seasons) appears in the editor with no edit here.
 *
 * What the editor cannot check (a villa's sleeps against its bedrooms, a `.refine` in general) the
 * build still refuses, naming the file.
 */

/**
 * The folders the editor reads and writes, relative to the working copy: every collection, file and
 * media folder below lies in one of them, and the local backend refuses any path outside them.
 */
export const cmsEditableFolders = ['src/content', 'src/assets'] as const;

/** One field of a Decap collection, as its config.yml spells it. */
export type CmsField = {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  [option: string]: unknown;
};

/** A JSON Schema node as zod's `toJSONSchema` writes it, with the keywords read here. */
type JsonSchemaNode = {
  type?: string;
  format?: string;
  widget?: string;
  enum?: string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  items?: JsonSchemaNode;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
};

/** Stands in for Astro's `image()` so the schemas can be read outside a build: an image widget. */
const imageField = (() => z.string().meta({ widget: 'image' })) as unknown as ImageFunction;

/** A schema's fields as JSON Schema, the shape the editor is given. Dates keep their meaning. */
function toJsonSchema(schema: z.ZodType): JsonSchemaNode {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (context) => {
      const definition = (context.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def;
      if (definition.type === 'date') context.jsonSchema.format = 'date';
    },
  }) as JsonSchemaNode;
}

/**
 * Labels and hints in an editor's words for the fields whose names say nothing to one (a code, a
 * unit in letters, a developer's abbreviation); every other label comes from the field's name.
 */
const plainWords: Record<string, { label: string; hint?: string }> = {
  legacyId: {
    label: 'Number on the old website',
    hint: 'Links to the old site (singlepage?id=N) still land on this page by it: keep it as it is.',
  },
  images: { label: 'Pictures', hint: 'The first is the card’s picture and opens the gallery.' },
  src: { label: 'Picture' },
  alt: {
    label: 'What the picture shows',
    hint: 'Read aloud to visitors who cannot see it, and shown when it does not load.',
  },
  from: { label: 'First night' },
  to: { label: 'Last night', hint: 'Guests staying this night leave the next morning.' },
  minNights: { label: 'Shortest stay (nights)' },
  changeoverDay: {
    label: 'Changeover day',
    hint: 'When set, stays in this season arrive and leave on this weekday.',
  },
  carpetAreaM2: { label: 'Carpet area (m²)', hint: 'The floor area inside the walls.' },
  carpetAreaToM2: { label: 'Largest carpet area (m²)' },
  plotAreaM2: { label: 'Plot area (m²)' },
  landAreaM2: { label: 'Land area (m²)' },
  rera: { label: 'Kerala RERA registration' },
  registration: {
    label: 'Registration number',
    hint: 'As the certificate gives it, e.g. K-RERA/PRJ/KKD/123/2025.',
  },
  registrationUrl: {
    label: 'Registration page on the regulator’s website',
    hint: 'Copied from the certificate; the page’s QR code leads there.',
  },
  website: { label: 'Regulator’s website' },
  exemption: { label: 'Why no registration is needed' },
  url: { label: 'Web address' },
  faq: {
    label: 'Questions about this property',
    hint: 'Shown with the questions every property page answers.',
  },
  featured: { label: 'Show on the home page', hint: 'In the home page’s For Rent section.' },
  instantBook: {
    label: 'Instant book',
    hint: 'Guests book free nights and pay the deposit straight away, without waiting for the office.',
  },
  order: { label: 'Position in the list', hint: 'Lowest first.' },
  sleeps: { label: 'Sleeps (most guests, children included)' },
  usualParty: {
    label: 'Usual party (guests)',
    hint: 'How many guests most stays are for: the booking panel starts at it. 2 if left empty.',
  },
  latitude: { label: 'Latitude (for the map)' },
  longitude: { label: 'Longitude (for the map)' },
  replaces: {
    label: 'Answers instead of the shared question',
    hint: 'The short name of a question every property page answers, e.g. pool-fencing.',
  },
  rupeesPerUnit: { label: 'Rupees for one unit of the currency' },
  asOf: { label: 'Rates as of' },
  publishedAt: { label: 'Published on' },
  lastUpdated: { label: 'Last updated on' },
  expectedCompletion: { label: 'Expected completion', hint: 'Year and month, e.g. 2027-06.' },
  gstRatePercent: {
    label: 'GST included in the rates (%)',
    hint: 'Receipts show this share of every payment as GST (half CGST, half SGST). For accommodation since 22 September 2025: 5% when a home lets for ₹7,500 a night or less, 18% above.',
  },
  id: {
    label: 'Short name',
    hint: 'Lower-case words joined by hyphens, what bookings store: never changed once used.',
  },
  pricing: { label: 'How it is priced' },
  priceGbp: {
    label: 'Price of one unit (£)',
    hint: 'A trip, a person, a day or an hour, as it is priced. Empty when the office prices it on request.',
  },
  priceInr: { label: 'Price of one unit (₹)', hint: 'Only where the office sets rupee prices.' },
  choices: { label: 'Choices' },
  extraGbp: { label: 'Added to each unit’s price (£)', hint: '0 when this choice costs the same.' },
  extraInr: { label: 'Added to each unit’s price (₹)' },
  noticeHours: {
    label: 'Notice needed (hours)',
    hint: 'Guests add it no later than this many hours before it starts.',
  },
  freeCancellationHours: {
    label: 'Free cancellation until (hours before)',
    hint: 'Cancelled at least this many hours before it starts, it is refunded in full.',
  },
  lateCancellationRefundPercent: { label: 'Refunded when cancelled later (%)' },
  homes: { label: 'Homes that offer it', hint: 'Each home’s short name, e.g. kovalam-cliff-villa.' },
  staffHours: { label: 'Staff hours (India time)' },
  asksFlight: {
    label: 'Ask for the flight',
    hint: 'For transfers: the time asked is when the flight lands or leaves.',
  },
  gstin: {
    label: 'GSTIN (GST registration number)',
    hint: 'Exactly as the registration certificate gives it (15 characters, starting 32 for Kerala). Left empty, receipts say they are not tax invoices.',
  },
};

/** "weeklyRateGbp" → "Weekly rate (£)": the editor's label, from the field's name. */
export function labelFieldName(name: string): string {
  const plain = plainWords[name]?.label;
  if (plain) return plain;
  const words = name
    .replace(/Gbp$/, ' (£)')
    .replace(/Inr$/, ' (₹)')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const currencyNames = new Intl.DisplayNames(['en-GB'], { type: 'currency' });

/**
 * A select's option in the words the site shows for it ("Under offer", the exemption's sentence,
 * "British Pound (GBP)"), never the code the content file stores; a value with no words of its own
 * (a weekday) is its own label.
 */
export function labelOption(value: string): string {
  if ((saleStatuses as readonly string[]).includes(value)) return describeSaleStatus(value as SaleStatus);
  if ((reraExemptionGrounds as readonly string[]).includes(value)) {
    return describeReraExemption(value as ReraExemptionGround);
  }
  if ((buyerCurrencies as readonly string[]).includes(value)) return `${currencyNames.of(value)} (${value})`;
  if ((servicePricings as readonly string[]).includes(value)) {
    return servicePricingWords[value as ServicePricing].label;
  }
  return describeProjectStatus(value as ProjectStatus) ?? value;
}

/** Integers zod bounds only by JavaScript's safe range are, for an editor, unbounded. */
const isSafeIntegerBound = (bound: number | undefined) =>
  bound !== undefined && Math.abs(bound) >= Number.MAX_SAFE_INTEGER;

/** The text-length rule as a pattern, since Decap's string widget checks patterns, not lengths. */
function describeLength(node: JsonSchemaNode): [string, string] | undefined {
  const { maxLength: max } = node;
  // A required field is refused empty by the editor itself; a one-character minimum says no more.
  const min = (node.minLength ?? 0) <= 1 ? 0 : (node.minLength as number);
  if (min === 0 && max === undefined) return undefined;
  const message =
    max === undefined
      ? `At least ${min} characters.`
      : min === 0
        ? `At most ${max} characters.`
        : `Between ${min} and ${max} characters.`;
  return [`^[\\s\\S]{${min},${max ?? ''}}$`, message];
}

/** One schema property as an editor field; `required` is the schema's own say. */
export function toCmsField(name: string, node: JsonSchemaNode, required: boolean): CmsField {
  const hint = plainWords[name]?.hint;
  const field: CmsField = { name, label: labelFieldName(name), widget: 'string', ...(hint ? { hint } : {}) };
  if (!required) field.required = false;
  if (node.widget === 'image') return { ...field, widget: 'image', choose_url: false };
  if (node.format === 'date') {
    return {
      ...field,
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      date_format: 'D MMM YYYY',
      time_format: false,
    };
  }
  if (node.enum) {
    return {
      ...field,
      widget: 'select',
      options: node.enum.map((value) => ({ label: labelOption(value), value })),
    };
  }
  switch (node.type) {
    case 'boolean':
      return { ...field, widget: 'boolean', ...(required ? { default: false } : {}) };
    case 'integer':
    case 'number': {
      const min = node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : node.minimum;
      const max = node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : node.maximum;
      return {
        ...field,
        widget: 'number',
        value_type: node.type === 'integer' ? 'int' : 'float',
        ...(node.type === 'number' ? { step: 0.0001 } : {}),
        ...(min !== undefined && !isSafeIntegerBound(min) ? { min } : {}),
        ...(max !== undefined && !isSafeIntegerBound(max) ? { max } : {}),
      };
    }
    case 'array': {
      const list: CmsField = {
        ...field,
        widget: 'list',
        ...(node.minItems !== undefined ? { min: node.minItems } : {}),
        ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
      };
      const items = node.items ?? {};
      if (items.type === 'object') {
        const summary = listSummaries[name];
        return {
          ...list,
          ...(listWidgets[name] ? { widget: listWidgets[name] } : {}),
          ...(summary ? { summary } : {}),
          fields: toCmsFields(items),
        };
      }
      return { ...list, field: toCmsField(singularOf(name), items, true) };
    }
    case 'object':
      return { ...field, widget: 'object', fields: toCmsFields(node) };
    default: {
      // A pattern says more than a length; the schemas never carry both on one text.
      const rule = node.pattern
        ? ([node.pattern, 'Not in the expected form.'] as const)
        : describeLength(node);
      const long = (node.maxLength ?? 0) > 170;
      return { ...field, widget: long ? 'text' : 'string', ...(rule ? { pattern: [...rule] } : {}) };
    }
  }
}

/**
 * What a collapsed list item reads, by the list's name: "High season, 1 Oct–18 Dec 2026" rather
 * than the first field alone ("High season", the same for every year's).
 */
const listSummaries: Record<string, string> = {
  seasons: "{{fields.name}}, {{fields.from | date('D MMM')}}–{{fields.to | date('D MMM YYYY')}}",
  images: '{{fields.alt}}',
  faq: '{{fields.question}}',
  currencies: '{{fields.currency}}',
  social: '{{fields.name}}',
};

/**
 * Lists edited through a widget of ours (src/features/content-editor/editor.ts): the seasons' list is
 * Decap's own, plus the build's season rules (order, overlaps, last night after first) checked
 * before a save.
 */
const listWidgets: Record<string, string> = { seasons: 'seasons' };

/** A list item's field name: "amenities" → "amenity", "images" → "image". */
const singularOf = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');

/** Every property of an object schema, in the schema's order. */
export function toCmsFields(node: JsonSchemaNode): CmsField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, property]) =>
    toCmsField(name, property, required.has(name) && property.default === undefined),
  );
}

/** The fields an editor fills in for one entry of `schema`. */
export const listCmsFields = (schema: z.ZodType) => toCmsFields(toJsonSchema(schema));

/** A list entry's key in a JSON file read by Astro's `file()` loader: lower-case words and hyphens. */
const idField: CmsField = {
  name: 'id',
  label: 'Short name (lower case words joined by hyphens; never changed once published)',
  widget: 'string',
  pattern: ['^[a-z0-9-]+$', 'Lower-case letters, digits and hyphens only.'],
};

/** The Markdown body of a page, e.g. a villa's long description or a post's article. */
const bodyField: CmsField = { name: 'body', label: 'Text of the page', widget: 'markdown' };

/** A folder of Markdown files whose pictures sit beside the others of their kind under src/assets/images. */
function markdownCollection(options: {
  name: string;
  label: string;
  folder: string;
  images?: string;
  identifier: string;
  schema: z.ZodType;
  create?: boolean;
}) {
  return {
    name: options.name,
    label: options.label,
    folder: `src/content/${options.folder}`,
    extension: 'md',
    // Ours (contentFormats): a save changes the lines of the fields changed, nothing else.
    format: contentFormats.frontmatter,
    create: options.create ?? true,
    delete: options.create ?? true,
    slug: '{{slug}}',
    identifier_field: options.identifier,
    ...(options.images
      ? {
          // Relative to the entry, so astro:assets finds (and optimises) the picture the entry names.
          media_folder: `../../assets/images/${options.images}`,
          public_folder: `../../assets/images/${options.images}`,
        }
      : {}),
    fields: [...listCmsFields(options.schema), bodyField],
  };
}

/** The editor's whole configuration; `backendUrl` is where the local backend listens, for `npm start`. */
export function buildCmsConfig(options: { localBackendUrl: string }) {
  return {
    // Production commits through GitHub with Netlify's OAuth provider (README, Deploy); the repository
    // is set on Netlify, here only its name.
    backend: {
      name: 'github',
      repo: 'kayal-villas/website',
      branch: 'main',
      base_url: 'https://api.netlify.com',
    },
    // `npm start` and `npm run dev` run decap-server, which writes to the working copy; the editor
    // uses it only on localhost.
    local_backend: { url: options.localBackendUrl, allowed_hosts: ['127.0.0.1', 'localhost'] },
    media_folder: 'src/assets/images',
    public_folder: '../../assets/images',
    site_url: '/',
    display_url: '/',
    logo_url: '/favicon.svg',
    collections: [
      markdownCollection({
        name: 'villas',
        label: 'Villas',
        folder: 'villas',
        images: 'villas',
        identifier: 'name',
        schema: propertySchema(imageField),
      }),
      markdownCollection({
        name: 'apartments',
        label: 'Apartments',
        folder: 'apartments',
        images: 'apartments',
        identifier: 'name',
        schema: propertySchema(imageField),
      }),
      markdownCollection({
        name: 'projects',
        label: 'Projects',
        folder: 'projects',
        images: 'projects',
        identifier: 'title',
        schema: projectSchema(imageField),
      }),
      markdownCollection({
        name: 'posts',
        label: 'News & blog posts',
        folder: 'posts',
        images: 'posts',
        identifier: 'title',
        schema: postSchema(imageField),
      }),
      // A policy's file name is its page's address (src/lib/policies.ts): edited, never added or removed.
      markdownCollection({
        name: 'policies',
        label: 'Policies',
        folder: 'policies',
        identifier: 'title',
        schema: policySchema,
        create: false,
      }),
      {
        name: 'settings',
        label: 'Site settings and lists',
        format: contentFormats.json,
        delete: false,
        files: [
          {
            name: 'site',
            label: 'Office, phone and social links',
            file: 'src/content/site.json',
            fields: [{ name: 'site', label: 'Site', widget: 'object', fields: listCmsFields(siteSchema) }],
          },
          {
            name: 'exchange-rates',
            label: 'Exchange rates for prices abroad',
            file: 'src/content/exchange-rates.json',
            fields: [
              {
                name: 'rates',
                label: 'Rates',
                widget: 'object',
                fields: listCmsFields(exchangeRatesSchema),
              },
            ],
          },
          {
            name: 'jobs',
            label: 'Jobs and their open counts',
            file: 'src/content/jobs.json',
            fields: [
              {
                name: 'jobs',
                label: 'Jobs',
                widget: 'list',
                // Six short entries: open, so a count is changed without hunting for it.
                collapsed: false,
                fields: [idField, ...listCmsFields(jobSchema)],
              },
            ],
          },
          {
            name: 'concierge',
            label: 'Concierge services',
            file: 'src/content/concierge.json',
            fields: [
              {
                name: 'services',
                label: 'Services',
                widget: 'list',
                collapsed: false,
                fields: [idField, ...listCmsFields(conciergeSchema)],
              },
            ],
          },
        ],
      },
    ],
  };
}
