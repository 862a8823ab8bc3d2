import type { CollectionEntry } from 'astro:content';
import { todayInKerala } from './dates.ts';
import type { PropertyKind } from './paths.ts';
import { findLowestWeeklyRatePence, listSeasonsStillAhead } from './seasons.ts';

type Site = CollectionEntry<'site'>['data'];
type Property = CollectionEntry<PropertyKind>['data'];
type Post = CollectionEntry<'posts'>['data'];

const context = 'https://schema.org';

/** The id every other block uses to point at the business. */
export const businessId = (siteUrl: URL) => new URL('/#business', siteUrl).href;

/** The company as a schema.org TravelAgency: who rents the homes out and how to reach the office. */
export function describeBusiness(site: Site, siteUrl: URL) {
  const { office } = site;
  return {
    '@context': context,
    '@type': 'TravelAgency',
    '@id': businessId(siteUrl),
    name: site.brand,
    description: site.description,
    url: new URL('/', siteUrl).href,
    telephone: office.phone,
    email: office.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      addressLocality: office.locality,
      addressRegion: office.region,
      postalCode: office.postalCode,
      addressCountry: office.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: office.latitude, longitude: office.longitude },
    areaServed: { '@type': 'State', name: 'Kerala' },
    sameAs: site.social.map((network) => network.url),
  };
}

/**
 * A villa or an apartment as a schema.org VacationRental: the place itself, and two offers, the
 * weekly rent in pounds and the sale price in rupees.
 */
export function describeRental(input: {
  kind: PropertyKind;
  property: Property;
  /** The detail page's canonical URL. */
  url: URL;
  /** Absolute URLs of the property's pictures. */
  imageUrls: string[];
  siteUrl: URL;
  /** The build's date: seasons over by then are left out. */
  today?: string;
}) {
  const { kind, property, url, imageUrls, siteUrl } = input;
  const seasons = listSeasonsStillAhead(property.seasons, input.today ?? todayInKerala());
  // The offer's price is the lowest weekly rate, as the page's "from £X a week"; each rate is specified
  // with the nights it applies to (the property's own rate has no dates: it is every other night's).
  const lowestGbp =
    findLowestWeeklyRatePence({ ...property, weeklyRatePence: property.weeklyRateGbp * 100, seasons }) / 100;
  const weekly = (price: number) => ({
    '@type': 'UnitPriceSpecification',
    price,
    priceCurrency: 'GBP',
    unitCode: 'WEE',
    unitText: 'week',
  });
  return {
    '@context': context,
    '@type': 'VacationRental',
    '@id': `${url.href}#rental`,
    name: property.name,
    description: property.summary,
    url: url.href,
    image: imageUrls,
    address: {
      '@type': 'PostalAddress',
      addressLocality: property.location,
      addressRegion: 'Kerala',
      addressCountry: 'IN',
    },
    parentOrganization: { '@id': businessId(siteUrl) },
    containsPlace: {
      '@type': kind === 'villas' ? 'House' : 'Apartment',
      numberOfBedrooms: property.bedrooms,
      numberOfBathroomsTotal: property.bathrooms,
      occupancy: { '@type': 'QuantitativeValue', maxValue: property.sleeps },
      amenityFeature: property.amenities.map((name) => ({
        '@type': 'LocationFeatureSpecification',
        name,
        value: true,
      })),
    },
    makesOffer: [
      {
        '@type': 'Offer',
        name: 'Weekly rental',
        businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
        price: lowestGbp,
        priceCurrency: 'GBP',
        priceSpecification:
          seasons.length === 0
            ? weekly(property.weeklyRateGbp)
            : [
                weekly(property.weeklyRateGbp),
                ...seasons.map((season) => ({
                  ...weekly(season.weeklyRatePence / 100),
                  name: season.name,
                  validFrom: season.from,
                  validThrough: season.to,
                })),
              ],
      },
      {
        '@type': 'Offer',
        name: 'Freehold sale',
        businessFunction: 'http://purl.org/goodrelations/v1#Sell',
        price: property.salePriceInr,
        priceCurrency: 'INR',
      },
    ],
  };
}

/** A News & Blogs article as a schema.org BlogPosting. */
export function describePost(input: { post: Post; url: URL; imageUrl: string; siteUrl: URL }) {
  const { post, url, imageUrl, siteUrl } = input;
  return {
    '@context': context,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.publishedAt.toISOString(),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@id': businessId(siteUrl) },
    image: imageUrl,
    url: url.href,
    mainEntityOfPage: url.href,
  };
}

/** A page's questions and answers as a schema.org FAQPage; they must be the questions the page shows. */
export function describeFaq(input: { questions: { question: string; answer: string }[]; url: URL }) {
  return {
    '@context': context,
    '@type': 'FAQPage',
    '@id': `${input.url.href}#faq`,
    url: input.url.href,
    mainEntity: input.questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">` block. `<` is escaped so no text in the content can
 * close the script element early.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
