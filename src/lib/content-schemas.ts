import type { ImageFunction } from 'astro:content';
import { z } from 'astro/zod';
import { conciergeSchema } from './concierge-services.ts';
import { isIsoDate } from './dates.ts';
import { buyerCurrencies } from './money.ts';
import {
  explainSaleLawBreach,
  keralaReraWebsite,
  reraExemptionGrounds,
  reraRegistrationPattern,
  saleStatuses,
} from './sale-law.ts';
import { soldHomesSettings } from './sale-listings.ts';
import { weekdays } from './seasons.ts';
import { viewingHoursSchema } from './viewing-slots.ts';

/**
 * The content schemas, one per concept; src/content.config.ts binds them to their files. Kept apart
 * so a unit test can show them refusing bad content without running a build.
 */

/** The GST rates accommodation can be charged at (CBIC rate notifications, from 22 September 2025). */
export const gstRatesForAccommodation = [5, 18];

/** The brand and the office, shown in the navbar, the footer and the contact page. */
export const siteSchema = z.object({
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
  /**
   * The GST every rate includes, which receipts break out (src/lib/gst.ts). Accommodation is taxed by its
   * price a night since 22 September 2025: 5% up to ₹7,500 a unit a night, 18% above (a week at £2,650
   * is far above).
   */
  gstRatePercent: z
    .number()
    .min(5)
    .max(18)
    .refine((rate) => gstRatesForAccommodation.includes(rate), {
      message: 'GST on accommodation is 5 (up to ₹7,500 a night) or 18 percent (above)',
    }),
  /**
   * The company's GST registration in Kerala (15 characters, starting 32, Kerala's code), as its
   * certificate gives it. Without it a receipt says it is not a tax invoice and how to ask for one.
   */
  gstin: z
    .string()
    .regex(/^32[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'a Kerala GSTIN: 32, then 13 letters and digits')
    .optional(),
  /** How the sale side shows the company's homes for sale. */
  sales: z.object({
    /** `show`: a sold home stays on the homes-for-sale list, marked sold; `hide`: it leaves the list. */
    soldHomes: z.enum(soldHomesSettings).default('show'),
    /** When the office shows homes, India time: the only times a buyer is offered for a viewing. */
    viewingHours: viewingHoursSchema,
  }),
});

/** A picture under src/assets: SVG artwork is served as it is, a photograph as AVIF and WebP. */
export const pictureSchema = (image: ImageFunction) =>
  z.object({
    /** Relative to the content file that names it. */
    src: image(),
    /** What the picture shows, read out instead of it; never empty, since none of them is decorative. */
    alt: z.string().trim().min(10),
  });

// Astro's YAML reads an unquoted 2026-12-19 as a Date (at UTC midnight), the functions' YAML as text:
// both come out as the same `YYYY-MM-DD`, so an editor need not quote dates. Marked a date for the
// content editor, which gives it a date picker (src/lib/cms-config.ts).
const contentDate = (which: string) =>
  z
    .preprocess(
      (value) =>
        value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value,
      z
        .string(`${which} must be a date written YYYY-MM-DD, e.g. 2026-12-19`)
        .refine(isIsoDate, `${which} must be a real date written YYYY-MM-DD, e.g. 2026-12-19`),
    )
    .meta({ format: 'date' });

/**
 * A rate season (seasons.ts): dated, not repeating, so an editor reads exactly which nights it covers
 * and a year with Christmas on a different weekday is simply written out. `to` is the season's last
 * night, inclusive.
 */
export const seasonSchema = z
  .object({
    /** Shown in the season table and on the quote: "Peak season", "Monsoon". */
    name: z.string().trim().min(1).max(40),
    // The messages are the editor's as much as the build's: in the words of the fields' labels.
    from: contentDate('The first night'),
    to: contentDate('The last night'),
    weeklyRateGbp: z
      .int('The weekly rate must be whole pounds')
      .min(100, 'The weekly rate must be at least £100 a week')
      .max(100_000, 'The weekly rate must be at most £100,000 a week'),
    minNights: z
      .int('The shortest stay must be a whole number of nights')
      .min(1, 'The shortest stay must be at least 1 night')
      .max(28, 'The shortest stay must be at most 28 nights'),
    /** Peak weeks: a stay that starts in the season arrives on this day, one that ends in it leaves on it. */
    changeoverDay: z
      .enum(weekdays, { error: `The changeover day must be a day of the week: ${weekdays.join(', ')}` })
      .optional(),
  })
  .refine((season) => !isIsoDate(season.from) || !isIsoDate(season.to) || season.from < season.to, {
    message: 'The last night must be after the first night',
    path: ['to'],
  });

/**
 * A property's seasons, in date order and never overlapping, so every night has one rate. Nights
 * outside every season take the property's own rate and minimum stay: the list need not cover the
 * booking horizon, and one that stops early never leaves a stay unpriced.
 */
export const seasonsSchema = z.array(seasonSchema).superRefine((seasons, context) => {
  for (const [index, season] of seasons.entries()) {
    const previous = seasons[index - 1];
    if (previous && season.from <= previous.to) {
      context.addIssue({
        code: 'custom',
        path: [index, 'from'],
        message: `The first night (${season.from}) must be after the last night of ${previous.name} (${previous.to}): seasons go in date order and may not overlap`,
      });
    }
  }
});

/**
 * The facts of a villa or an apartment that a stay is priced and checked by. The booking functions
 * read them from the same files without Astro (src/server/catalogue), with these same definitions.
 */
export const propertyFactFields = {
  /** Shown on cards and as the detail page's heading. */
  name: z.string().trim().min(1),
  /** The old site's numeric id, so `/singlepage?id=N` and `/singleapartment?id=N` still land here. */
  legacyId: z.int().positive(),
  /** Most guests the property takes, children included. */
  sleeps: z.int().positive(),
  /** Rent for the whole property for one week, in whole British pounds. */
  weeklyRateGbp: z.int().positive(),
  /** Shortest stay the owner accepts. */
  minNights: z.int().min(3).max(7),
  /** Rate seasons; outside them `weeklyRateGbp` and `minNights` apply. */
  seasons: seasonsSchema.default([]),
  /**
   * Whether a guest may book free nights and pay the deposit straight from the booking form, the
   * nights held while they pay, with no office step; otherwise they send a request to confirm.
   */
  instantBook: z.boolean().default(false),
  /**
   * Whether guests may rent it; `false` for a home the owner only sells: its page then has no booking
   * panel or rates, and the rental lists, the search and the booking form leave it out.
   */
  forRent: z.boolean().default(true),
};

/**
 * Where a property is, in decimal degrees (WGS 84), for its map. Every property is in Kerala, so a
 * latitude and longitude swapped or mistyped (76.9 as a latitude, a sign lost) is refused, not mapped
 * to the sea or another continent.
 */
const keralaLatitude = z
  .number()
  .min(8, 'latitude must be in Kerala, between 8 and 13 degrees north')
  .max(13, 'latitude must be in Kerala, between 8 and 13 degrees north');
const keralaLongitude = z
  .number()
  .min(74.5, 'longitude must be in Kerala, between 74.5 and 77.5 degrees east')
  .max(77.5, 'longitude must be in Kerala, between 74.5 and 77.5 degrees east');

/** A question a guest asks and the office's answer, in plain text (it is also the FAQ's structured data). */
const questionFields = {
  question: z.string().trim().min(10).max(160),
  answer: z.string().trim().min(20).max(1200),
};

/** A question every property page answers; src/content/faq.json holds them in the order shown. */
export const faqSchema = z.object({
  /** Names the question, so a property's own answer can replace it (`replaces`). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  ...questionFields,
  /** Position on the page, lowest first. */
  order: z.int().positive(),
});

/** A question about one property: added to the shared ones, or answering one of them in its place. */
export const propertyQuestionSchema = z.object({
  ...questionFields,
  /** The id of the shared question this one answers for this property instead (e.g. `pool-fencing`). */
  replaces: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
});

/** An area in square metres, as RERA has homes sold; pages show square feet beside it. */
const squareMetres = (name: string) =>
  z
    .number(`${name} must be a number of square metres`)
    .min(1, `${name} must be at least 1 m²`)
    .max(100_000, `${name} must be at most 100,000 m²`);

/** Where a home stands in its sale; only `available` and `under-offer` offer a buyer's enquiry. */
const saleStatusSchema = z.enum(saleStatuses, {
  error: `saleStatus must be one of: ${saleStatuses.join(', ')}`,
});

/**
 * A home's standing under RERA 2016: its K-RERA project registration, or the ground on which it needs
 * none. Exactly one of the two; the registration comes with its page on the regulator's site, which
 * the page's QR code encodes (K-RERA's rule since 1 September 2023).
 */
export const reraSchema = z
  .object({
    /** As the regulator issued it, e.g. K-RERA/PRJ/KKD/123/2025. */
    registration: z
      .string()
      .regex(
        reraRegistrationPattern,
        'registration must be written as K-RERA issues it, e.g. K-RERA/PRJ/KKD/123/2025',
      )
      .optional(),
    /** The registration's own page on the regulator's site, copied from the certificate; the QR code encodes it. */
    registrationUrl: z
      .url({ protocol: /^https$/, error: 'registrationUrl must be an https:// address' })
      .optional(),
    /** The regulator's website, which every advertisement must name. */
    website: z.url().default(keralaReraWebsite),
    /** Instead of a registration: why none is needed. */
    exemption: z
      .enum(reraExemptionGrounds, { error: `exemption must be one of: ${reraExemptionGrounds.join(', ')}` })
      .optional(),
  })
  .superRefine((rera, context) => {
    if ((rera.registration === undefined) === (rera.exemption === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['registration'],
        message: 'give either a K-RERA registration or an exemption, not both and not neither',
      });
    }
    if (rera.registration !== undefined && rera.registrationUrl === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['registrationUrl'],
        message: 'a registration needs its page on the regulator’s site (registrationUrl), for the QR code',
      });
    }
  });

/**
 * What a sale brochure shows beyond the listing: a floor plan per unit type, the places nearby for its
 * location map (the distances are worked out from the coordinates, in a straight line), and for a
 * project its payment plan by stage, which must add up to the whole price.
 */
export const brochureSchema = (image: ImageFunction) =>
  z.object({
    floorPlans: z
      .array(
        z.object({
          /** The unit type the plan is of: "Four-bedroom pool villa", "Studio, 34 to 41 m²". */
          name: z.string().trim().min(3).max(80),
          src: image(),
          alt: z.string().trim().min(10),
          /** A sample drawn for the brochure, not the measured plan: the brochure says so on the plan. */
          illustrative: z.boolean().default(true),
        }),
      )
      .default([]),
    nearby: z
      .array(
        z.object({
          name: z.string().trim().min(3).max(80),
          kind: z.enum(['airport', 'beach', 'city', 'station', 'landmark']),
          latitude: keralaLatitude,
          longitude: keralaLongitude,
        }),
      )
      .default([]),
    /** A project's position for its map; a villa's or an apartment's is its own latitude and longitude. */
    latitude: keralaLatitude.optional(),
    longitude: keralaLongitude.optional(),
    paymentPlan: z
      .array(z.object({ stage: z.string().trim().min(3).max(80), percent: z.int().min(1).max(100) }))
      .default([])
      .refine(
        (stages) => stages.length === 0 || stages.reduce((sum, { percent }) => sum + percent, 0) === 100,
        {
          message: 'paymentPlan percentages must add up to 100',
        },
      ),
  });

/** A villa or an apartment, rented by the week and also for sale. */
export const propertySchema = (image: ImageFunction) =>
  z
    .object({
      name: propertyFactFields.name,
      legacyId: propertyFactFields.legacyId,
      /** One sentence for the list cards and the meta description. */
      summary: z.string().trim().min(40).max(170),
      /** Town or neighbourhood, then district, e.g. "Kovalam, Thiruvananthapuram". */
      location: z.string().trim().min(1),
      /** The neighbourhood on the page's map; the exact address comes with the booking's confirmation. */
      latitude: keralaLatitude,
      longitude: keralaLongitude,
      /** Zero for a studio. */
      bedrooms: z.int().nonnegative(),
      bathrooms: z.int().positive(),
      sleeps: propertyFactFields.sleeps,
      /** How many guests most stays here are for: the booking panel's Guests starts at it (2 if left out). */
      usualParty: z.int().positive().default(2),
      amenities: z.array(z.string().trim().min(1)).min(3),
      weeklyRateGbp: propertyFactFields.weeklyRateGbp,
      /** Freehold sale price in whole rupees (₹65 lakh is 6500000). */
      salePriceInr: z.int().positive(),
      saleStatus: saleStatusSchema,
      /** The floor area inside the walls (RERA s. 2(k)), which the home is sold by. */
      carpetAreaM2: squareMetres('carpetAreaM2'),
      /** The land that goes with a villa; apartments leave it out. */
      plotAreaM2: squareMetres('plotAreaM2').optional(),
      rera: reraSchema,
      minNights: propertyFactFields.minNights,
      seasons: propertyFactFields.seasons,
      /** The first one is the card image and the gallery's opening picture. */
      images: z.array(pictureSchema(image)).min(3),
      /** Shown in the home page's For Rent section. */
      featured: z.boolean(),
      instantBook: propertyFactFields.instantBook,
      forRent: propertyFactFields.forRent,
      /** Questions about this property, shown with the shared FAQ (src/content/faq.json). */
      faq: z.array(propertyQuestionSchema).default([]),
      /** The sale brochure's plans and places nearby. */
      brochure: brochureSchema(image).optional(),
    })
    .refine((entry) => entry.sleeps >= Math.max(entry.bedrooms, 1), {
      message: 'sleeps must be at least the number of bedrooms',
      path: ['sleeps'],
    })
    .refine((entry) => entry.usualParty <= entry.sleeps, {
      message: 'usualParty must be at most sleeps: the usual party is one the property can sleep',
      path: ['usualParty'],
    });

/** A villa: a property whose plot area is stated, as buyers of villas are told. */
export const villaSchema = (image: ImageFunction) =>
  propertySchema(image).refine((villa) => villa.plotAreaM2 !== undefined, {
    message: 'plotAreaM2 is required for a villa: state the plot area in m²',
    path: ['plotAreaM2'],
  });

/**
 * An upcoming development on the View All Properties page; the Markdown body describes it. A project
 * that invites purchase without a registration or an exemption is refused here by its fields, and by
 * its body in the content loader (src/lib/sale-law-loader.ts), naming the file.
 */
export const projectSchema = (image: ImageFunction) =>
  z
    .object({
      title: z.string().trim().min(1),
      location: z.string().trim().min(1),
      /** One sentence for the project card. */
      summary: z.string().trim().min(40).max(170),
      /** Where the build stands; the page turns it into words. */
      status: z.enum(['pre-launch', 'under-construction', 'finishing']),
      /** The possession date promised to buyers: year and month the keys are due, as YYYY-MM. */
      expectedCompletion: z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/),
      image: pictureSchema(image),
      /** Position on the page, lowest first. */
      order: z.int().positive(),
      /** `not-for-sale` until it may be offered: registered with K-RERA or exempt. */
      saleStatus: saleStatusSchema,
      /** The lowest price of a home in it, in whole rupees; only for a registered or exempt project. */
      priceFromInr: z.int().positive().optional(),
      /** How many homes it has (RERA exempts eight or fewer). */
      homes: z.int().positive(),
      /** The land it stands on (RERA exempts 500 m² or less). */
      landAreaM2: squareMetres('landAreaM2'),
      /** The carpet area of its smallest home, or its only one. */
      carpetAreaM2: squareMetres('carpetAreaM2'),
      /** The carpet area of its largest home, when the homes differ. */
      carpetAreaToM2: squareMetres('carpetAreaToM2').optional(),
      /** Each home's plot, for villas. */
      plotAreaM2: squareMetres('plotAreaM2').optional(),
      /** Permits it has, each with who gave it and when, e.g. "Building permit, Kozhikode Corporation, 2025". */
      approvals: z.array(z.string().trim().min(10).max(160)).default([]),
      /** Left out only while the project is not offered to buyers. */
      rera: reraSchema.optional(),
      /** The sale brochure's plans, places nearby, position and payment plan. */
      brochure: brochureSchema(image).optional(),
    })
    .superRefine((project, context) => {
      const breach = explainSaleLawBreach('this project', project);
      if (breach) context.addIssue({ code: 'custom', path: ['rera'], message: breach });
      if (project.rera?.exemption === 'land-500-m2-or-less' && project.landAreaM2 > 500)
        context.addIssue({
          code: 'custom',
          path: ['rera', 'exemption'],
          message: `exemption land-500-m2-or-less needs landAreaM2 of 500 or less (it is ${project.landAreaM2})`,
        });
      if (project.rera?.exemption === 'eight-apartments-or-fewer' && project.homes > 8)
        context.addIssue({
          code: 'custom',
          path: ['rera', 'exemption'],
          message: `exemption eight-apartments-or-fewer needs homes of 8 or fewer (it is ${project.homes})`,
        });
      if (project.rera?.exemption === 'completed-home')
        context.addIssue({
          code: 'custom',
          path: ['rera', 'exemption'],
          message:
            'a project under construction is not a completed home: register it or give another exemption',
        });
      if (project.carpetAreaToM2 !== undefined && project.carpetAreaToM2 < project.carpetAreaM2)
        context.addIssue({
          code: 'custom',
          path: ['carpetAreaToM2'],
          message: 'carpetAreaToM2 must be at least carpetAreaM2',
        });
    });

/** A vacancy category on the careers page. */
export const jobSchema = z.object({
  title: z.string().trim().min(1),
  /** Open positions in this category; zero keeps the category listed with nothing open. */
  openings: z.int().nonnegative(),
  /** One or two sentences on what the work is. */
  summary: z.string().trim().min(40).max(240),
  /** Position on the page, lowest first. */
  order: z.int().positive(),
});

/** A News & Blogs article; the Markdown body is the article. */
export const postSchema = (image: ImageFunction) =>
  z.object({
    title: z.string().trim().min(1),
    /** The teaser on the home page and the meta description. */
    description: z.string().trim().min(50).max(170),
    publishedAt: z.coerce.date(),
    author: z.string().trim().min(1),
    image: pictureSchema(image),
  });

/** A service the concierge arranges and sells on the booking: src/lib/concierge-services.ts. */
export { conciergeSchema };

/**
 * A policy guests agree to or are told about (cancellation, privacy, house rules); the Markdown body
 * is the policy itself. The file's name is the page's route (src/lib/policies.ts).
 */
export const policySchema = z.object({
  /** The page's heading and title, e.g. "Cancellation policy". */
  title: z.string().trim().min(1).max(60),
  /** One or two sentences under the heading, also the meta description. */
  summary: z.string().trim().min(50).max(170),
  /** When the text last changed in substance: the version a guest agreed to is the one in force then. */
  lastUpdated: z.coerce.date(),
});

/**
 * The buying-from-abroad page: what buyers living abroad ask, each answer in a buyer's words with the
 * law it rests on and the heading of docs/buying-from-abroad.md that gives the source (`source`).
 */
export const buyingGuideSchema = z.object({
  title: z.string().trim().min(1).max(80),
  /** Under the heading, also the meta description. */
  summary: z.string().trim().min(50).max(170),
  /** The day the facts were last checked against their sources, shown on the page. */
  checkedOn: contentDate('checkedOn'),
  facts: z
    .array(
      z.object({
        question: z.string().trim().min(10).max(120),
        answer: z.string().trim().min(40).max(800),
        /** A heading of docs/buying-from-abroad.md, where the source is quoted. */
        source: z.string().regex(/^[a-z0-9-]+$/, 'source is a heading of docs/buying-from-abroad.md'),
        /** The law or rule, as the page names it beside the answer. */
        law: z.string().trim().min(5).max(120),
      }),
    )
    .min(1),
});

/** The currencies every sale page shows a price in, besides rupees: the ones most buyers abroad read. */
const requiredBuyerCurrencies = ['GBP', 'USD', 'AED', 'EUR'] as const;

/**
 * The exchange rates the office sets by hand (no rate is fetched at build or on a request), for the
 * approximate prices beside every rupee price on the sale pages and brochures, shown with their date.
 */
export const exchangeRatesSchema = z.object({
  /** The day the office read the rates, shown beside every converted price. */
  asOf: contentDate('asOf'),
  /** In the order the pages give them; GBP, USD, AED and EUR at least. */
  currencies: z
    .array(
      z.object({
        currency: z.enum(buyerCurrencies, {
          error: `currency must be one of: ${buyerCurrencies.join(', ')}`,
        }),
        /** How many rupees one unit of the currency buys, e.g. 117.5 for a pound. */
        rupeesPerUnit: z
          .number('rupeesPerUnit must be a number of rupees')
          .min(0.01, 'rupeesPerUnit must be at least ₹0.01')
          .max(1000, 'rupeesPerUnit must be at most ₹1,000'),
      }),
    )
    .superRefine((currencies, context) => {
      const named = currencies.map(({ currency }) => currency);
      for (const [index, currency] of named.entries()) {
        if (named.indexOf(currency) !== index) {
          context.addIssue({
            code: 'custom',
            path: [index, 'currency'],
            message: `${currency} is given twice: one rate per currency`,
          });
        }
      }
      const missing = requiredBuyerCurrencies.filter((currency) => !named.includes(currency));
      if (missing.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `currencies must include ${missing.join(', ')}: every sale page gives GBP, USD, AED and EUR`,
        });
      }
    }),
});
