import { describeBedrooms, describeProjectStatus, type ProjectStatus } from '../../lib/catalogue.ts';
import { formatMonth } from '../../lib/dates.ts';
import { type MapPoint, straightLineKm } from '../../lib/maps.ts';
import { describeApproximatePrices, type ExchangeRates, formatInr } from '../../lib/money.ts';
import { brochurePath, buyerEnquiryPath } from '../../lib/paths.ts';
import {
  describeReraExemption,
  describeSaleStatus,
  formatArea,
  isOpenForBuyers,
  type ReraExemptionGround,
  type SaleStatus,
} from '../../lib/sale-law.ts';

/** A home's standing under RERA, as the content holds it. */
export type BrochureRera = {
  registration?: string | undefined;
  registrationUrl?: string | undefined;
  website: string;
  exemption?: ReraExemptionGround | undefined;
};

/**
 * What a sale brochure says, in words, read from one home's or project's content: the PDF maker only
 * lays it out. `pictures` are files under src/assets, in the content's order.
 */
export type BrochureFacts = {
  kind: 'villas' | 'apartments' | 'projects';
  slug: string;
  title: string;
  location: string;
  summary: string;
  /** "₹65 lakh freehold", "From ₹38 lakh". */
  price: string;
  /** The price in the currencies the office sets rates for, marked approximate and dated. */
  approximatePrice?: string | undefined;
  /** Label and value, in the order the brochure lists them. */
  facts: [string, string][];
  rera: BrochureRera;
  /** The registration's line, or the exemption's sentence: what K-RERA has every advertisement carry. */
  reraText: string;
  pictures: string[];
  /** Where a buyer arranges a viewing of it, relative to the site. */
  viewingPath: string;
  /** The long description, paragraph by paragraph, as plain text. */
  description: string[];
  amenities: string[];
  /** A plan per unit type: its file under src/assets, and whether it is a sample drawn for the brochure. */
  floorPlans: { name: string; file: string; illustrative: boolean }[];
  /** Where the home is, for the location map; none when the content gives no position. */
  position?: MapPoint | undefined;
  /** The places nearby, each with its straight-line distance: "Trivandrum International Airport, 12 km". */
  nearby: { name: string; kind: string; point: MapPoint; km: number }[];
  /** A project's payment plan by stage. */
  paymentPlan: { stage: string; percent: number }[];
};

/** What a brochure reads beyond its listing facts: the body, amenities, plans, places and payment plan. */
export type BrochureExtras = {
  description: string[];
  amenities?: string[] | undefined;
  floorPlans: { name: string; file: string; illustrative: boolean }[];
  position?: MapPoint | undefined;
  nearby?: { name: string; kind: string; latitude: number; longitude: number }[] | undefined;
  paymentPlan?: { stage: string; percent: number }[] | undefined;
};

/** The places nearby with their distances from the home, nearest first, to the kilometre (a tenth below 10). */
export function describeNearby(
  position: MapPoint | undefined,
  places: BrochureExtras['nearby'],
): BrochureFacts['nearby'] {
  if (!position || !places) return [];
  return places
    .map((place) => {
      const point = { latitude: place.latitude, longitude: place.longitude };
      const km = straightLineKm(position, point);
      return {
        name: place.name,
        kind: place.kind,
        point,
        km: km < 10 ? Math.round(km * 10) / 10 : Math.round(km),
      };
    })
    .sort((a, b) => a.km - b.km);
}

const extrasOf = (extras: BrochureExtras) => ({
  description: extras.description,
  amenities: extras.amenities ?? [],
  floorPlans: extras.floorPlans,
  position: extras.position,
  nearby: describeNearby(extras.position, extras.nearby),
  paymentPlan: extras.paymentPlan ?? [],
});

/** The content of a villa or an apartment that its brochure reads. */
export type PropertyForBrochure = {
  name: string;
  location: string;
  summary: string;
  bedrooms: number;
  bathrooms: number;
  sleeps: number;
  salePriceInr: number;
  saleStatus: SaleStatus;
  carpetAreaM2: number;
  plotAreaM2?: number | undefined;
  rera: BrochureRera;
};

/** The content of a project that its brochure reads. */
export type ProjectForBrochure = {
  title: string;
  location: string;
  summary: string;
  status: ProjectStatus;
  expectedCompletion: string;
  saleStatus: SaleStatus;
  priceFromInr?: number | undefined;
  homes: number;
  landAreaM2: number;
  carpetAreaM2: number;
  carpetAreaToM2?: number | undefined;
  plotAreaM2?: number | undefined;
  approvals: string[];
  rera?: BrochureRera | undefined;
};

/** "K-RERA registration K-RERA/PRJ/KKD/118/2025, rera.kerala.gov.in", or the exemption's sentence. */
export function describeRera(rera: BrochureRera): string {
  if (rera.registration) {
    return `K-RERA registration ${rera.registration}. Regulator: ${rera.website.replace(/^https:\/\//, '')}`;
  }
  return rera.exemption ? `${describeReraExemption(rera.exemption)}.` : '';
}

/** A home open to buyers has a brochure: for sale or under offer, and registered or exempt. */
export const hasBrochure = (home: { saleStatus: SaleStatus; rera?: BrochureRera | undefined }) =>
  isOpenForBuyers(home.saleStatus) && home.rera !== undefined;

/** A villa's or an apartment's brochure, in words. */
export function describePropertyForBrochure(
  kind: 'villas' | 'apartments',
  slug: string,
  property: PropertyForBrochure,
  pictures: string[],
  rates?: ExchangeRates,
  extras: BrochureExtras = { description: [], floorPlans: [] },
): BrochureFacts {
  return {
    ...extrasOf(extras),
    kind,
    slug,
    title: property.name,
    location: property.location,
    summary: property.summary,
    price: `${formatInr(property.salePriceInr)} freehold`,
    approximatePrice: rates && describeApproximatePrices(property.salePriceInr, rates),
    facts: [
      ['Sale', describeSaleStatus(property.saleStatus)],
      ['Carpet area', formatArea(property.carpetAreaM2)],
      ...(property.plotAreaM2 === undefined
        ? []
        : [['Plot area', formatArea(property.plotAreaM2)] as [string, string]]),
      [
        'Rooms',
        `${describeBedrooms(property.bedrooms)}, ${property.bathrooms} ${property.bathrooms === 1 ? 'bathroom' : 'bathrooms'}; sleeps ${property.sleeps}`,
      ],
    ],
    rera: property.rera,
    reraText: describeRera(property.rera),
    pictures,
    viewingPath: buyerEnquiryPath(kind, slug, 'viewing'),
  };
}

/** A project's brochure, in words; only for a project that `hasBrochure`. */
export function describeProjectForBrochure(
  slug: string,
  project: ProjectForBrochure & { rera: BrochureRera },
  pictures: string[],
  rates?: ExchangeRates,
  extras: BrochureExtras = { description: [], floorPlans: [] },
): BrochureFacts {
  const carpet =
    project.carpetAreaToM2 === undefined
      ? formatArea(project.carpetAreaM2)
      : `${formatArea(project.carpetAreaM2)} to ${formatArea(project.carpetAreaToM2)}`;
  return {
    ...extrasOf(extras),
    kind: 'projects',
    slug,
    title: project.title,
    location: project.location,
    summary: project.summary,
    price:
      project.priceFromInr === undefined
        ? 'Price on request'
        : `${project.homes > 1 ? 'From ' : ''}${formatInr(project.priceFromInr)}`,
    approximatePrice:
      rates && project.priceFromInr !== undefined
        ? describeApproximatePrices(project.priceFromInr, rates)
        : undefined,
    facts: [
      ['Sale', describeSaleStatus(project.saleStatus)],
      ['Status', describeProjectStatus(project.status)],
      ['Possession expected', formatMonth(project.expectedCompletion)],
      ['Homes', String(project.homes)],
      ['Carpet area', carpet],
      ...(project.plotAreaM2 === undefined
        ? []
        : [['Plot area', formatArea(project.plotAreaM2)] as [string, string]]),
      ['Land', formatArea(project.landAreaM2)],
      ...project.approvals.map((approval): [string, string] => ['Approval', approval]),
    ],
    rera: project.rera,
    reraText: describeRera(project.rera),
    pictures,
    viewingPath: buyerEnquiryPath('projects', slug, 'viewing'),
  };
}

/** Where a brochure is served: its path, and the words its link carries ("Brochure (PDF, 84 kB)"). */
export function describeBrochureLink(
  kind: BrochureFacts['kind'],
  slug: string,
  bytes: number,
): { href: string; label: string } {
  return {
    href: brochurePath(kind, slug),
    label: `Brochure (PDF, ${Math.max(1, Math.round(bytes / 1000))} kB)`,
  };
}
