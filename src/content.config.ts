import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import {
  buyingGuideSchema,
  conciergeSchema,
  exchangeRatesSchema,
  faqSchema,
  jobSchema,
  policySchema,
  postSchema,
  projectSchema,
  propertySchema,
  siteSchema,
  villaSchema,
} from './lib/content-schemas.ts';
import { refuseUnlawfulProjects } from './lib/sale-law-loader.ts';

const site = defineCollection({ loader: file('src/content/site.json'), schema: siteSchema });

/** The office's exchange rates for approximate prices abroad: one entry, `rates`. */
const exchangeRates = defineCollection({
  loader: file('src/content/exchange-rates.json'),
  schema: exchangeRatesSchema,
});

/** Markdown whose body is the long description. */
const villas = defineCollection({
  loader: glob({ base: './src/content/villas', pattern: '*.md' }),
  schema: ({ image }) => villaSchema(image),
});

const apartments = defineCollection({
  loader: glob({ base: './src/content/apartments', pattern: '*.md' }),
  schema: ({ image }) => propertySchema(image),
});

/** A project that invites purchase unregistered stops the build, naming its file (RERA s. 3). */
const projects = defineCollection({
  loader: refuseUnlawfulProjects(glob({ base: './src/content/projects', pattern: '*.md' })),
  schema: ({ image }) => projectSchema(image),
});

/**
 * The JSON lists are wrapped in an object (`{ "jobs": [...] }`) because the content editor (/cms)
 * edits a file's named fields, never a bare top-level array.
 */
const readList = (key: string) => (text: string) =>
  (JSON.parse(text) as Record<string, unknown>)[key] as never;

const jobs = defineCollection({
  loader: file('src/content/jobs.json', { parser: readList('jobs') }),
  schema: jobSchema,
});

const posts = defineCollection({
  loader: glob({ base: './src/content/posts', pattern: '*.md' }),
  schema: ({ image }) => postSchema(image),
});

const concierge = defineCollection({
  loader: file('src/content/concierge.json', { parser: readList('services') }),
  schema: conciergeSchema,
});

/** The questions every property page answers; a property adds or replaces some in its front matter. */
const faq = defineCollection({ loader: file('src/content/faq.json'), schema: faqSchema });

/** The buying-from-abroad page's facts, each with its source in docs/buying-from-abroad.md. */
const buyingGuide = defineCollection({
  loader: file('src/content/buying-from-abroad.json'),
  schema: buyingGuideSchema,
});

/** Markdown whose body is the policy; each file's name is its page's route (src/lib/policies.ts). */
const policies = defineCollection({
  loader: glob({ base: './src/content/policies', pattern: '*.md' }),
  schema: policySchema,
});

export const collections = {
  site,
  exchangeRates,
  villas,
  apartments,
  projects,
  jobs,
  posts,
  concierge,
  faq,
  policies,
  buyingGuide,
};
