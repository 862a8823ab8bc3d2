import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';

/** The brand and the office, shown in the navbar, the footer and the contact page. */
const site = defineCollection({
  loader: file('src/content/site.json'),
  schema: z.object({
    brand: z.string().min(1),
    /** One line under the brand name, also the home page's title. */
    tagline: z.string().min(1),
    /** The default meta description. */
    description: z.string().min(50).max(170),
    office: z.object({
      name: z.string(),
      street: z.string(),
      locality: z.string(),
      region: z.string(),
      postalCode: z.string(),
      country: z.string(),
      /** International format, as it is dialled from abroad. */
      phone: z.string().regex(/^\+[0-9 ]{8,20}$/),
      email: z.email(),
      hours: z.string(),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    }),
    social: z.array(z.object({ name: z.string(), url: z.url() })),
  }),
});

export const collections = { site };
