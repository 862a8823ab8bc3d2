import { getCollection, getEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import { describeBedrooms } from '../../lib/catalogue.ts';
import { paths, propertyPath } from '../../lib/paths.ts';
import type { ReraExemptionGround } from '../../lib/sale-law.ts';
import { isListed, type ListedStatus, type SaleFacets, type SaleType } from '../../lib/sale-listings.ts';

/** One home or project as the homes-for-sale list shows it, read from the content at build. */
export type SaleListing = SaleFacets & {
  kind: 'villas' | 'apartments' | 'projects';
  slug: string;
  name: string;
  location: string;
  picture: { src: ImageMetadata; alt: string };
  /** "4 bedrooms", "Studios", or for a project its homes' count. */
  rooms: string;
  carpetAreaM2: number;
  carpetAreaToM2: number | undefined;
  plotAreaM2: number | undefined;
  /** A project's price is the lowest of its homes. */
  priceFrom: boolean;
  rera: { registration?: string; registrationUrl?: string; website: string; exemption?: ReraExemptionGround };
  href: string;
  status: ListedStatus;
};

const typeOfKind = {
  villas: 'villa',
  apartments: 'apartment',
  projects: 'project',
} as const satisfies Record<SaleListing['kind'], SaleType>;

/**
 * Every home and project the list shows, villas then apartments (by price) then projects (by their
 * order): those open to buyers, and sold ones where `site.json`'s `sales.soldHomes` is `show`. A
 * project is listed only with its RERA standing: the build refuses one that invites purchase without.
 */
export async function listSaleListings(): Promise<SaleListing[]> {
  const site = (await getEntry('site', 'site'))?.data;
  const soldHomes = site?.sales.soldHomes ?? 'show';
  const listings: SaleListing[] = [];
  for (const kind of ['villas', 'apartments'] as const) {
    const homes = (await getCollection(kind)).sort((a, b) => a.data.salePriceInr - b.data.salePriceInr);
    for (const { id, data } of homes) {
      if (!isListed(data.saleStatus, soldHomes) || !data.images[0]) continue;
      listings.push({
        kind,
        slug: id,
        type: typeOfKind[kind],
        name: data.name,
        location: data.location,
        picture: data.images[0],
        rooms: describeBedrooms(data.bedrooms),
        rupees: data.salePriceInr,
        priceFrom: false,
        carpetAreaM2: data.carpetAreaM2,
        carpetAreaToM2: undefined,
        plotAreaM2: data.plotAreaM2,
        rera: data.rera,
        href: `${propertyPath(kind, id)}#sale`,
        status: data.saleStatus as ListedStatus,
      });
    }
  }
  const projects = (await getCollection('projects')).sort((a, b) => a.data.order - b.data.order);
  for (const { id, data } of projects) {
    if (!data.rera || !isListed(data.saleStatus, soldHomes)) continue;
    listings.push({
      kind: 'projects',
      slug: id,
      type: 'project',
      name: data.title,
      location: data.location,
      picture: data.image,
      rooms: data.homes === 1 ? 'One home' : `${data.homes} homes`,
      rupees: data.priceFromInr,
      priceFrom: data.homes > 1,
      carpetAreaM2: data.carpetAreaM2,
      carpetAreaToM2: data.carpetAreaToM2,
      plotAreaM2: data.plotAreaM2,
      rera: data.rera,
      href: `${paths.projects}#project-${id}`,
      status: data.saleStatus as ListedStatus,
    });
  }
  return listings;
}
