/**
 * What Kerala's property-sale law asks of a home or a project the site offers for sale (RERA 2016 and
 * K-RERA's rules; /work/shared/DOMAIN-FACTS.md): areas by carpet area, and no invitation to buy a
 * project that is neither registered with the regulator nor exempt. Pure, so the content schemas, the
 * build and the pages share one reading of it.
 */

/** Where a home stands in its sale, as the content records it and the pages say it. */
export const saleStatuses = ['available', 'under-offer', 'sold', 'not-for-sale'] as const;
export type SaleStatus = (typeof saleStatuses)[number];

const saleStatusLabels: Record<SaleStatus, string> = {
  available: 'For sale',
  'under-offer': 'Under offer',
  sold: 'Sold',
  'not-for-sale': 'Not for sale',
};

/** What a sale status means to a buyer: "For sale", "Under offer". */
export const describeSaleStatus = (status: SaleStatus) => saleStatusLabels[status];

/** A buyer may still ask about a home that is for sale or under offer (a back-up offer, a viewing). */
export const isOpenForBuyers = (status: SaleStatus) => status === 'available' || status === 'under-offer';

/** K-RERA's register: the website every advertisement of a registered project must name. */
export const keralaReraWebsite = 'https://rera.kerala.gov.in';

/** K-RERA's project registration numbers, e.g. `K-RERA/PRJ/KKD/123/2025`. */
export const reraRegistrationPattern = /^K-RERA\/PRJ\/[A-Z]{3}\/\d{1,5}\/\d{4}$/;

/**
 * The grounds on which a home may be offered without a project registration: RERA s. 3(2)(a)'s two
 * small projects, and a finished home sold by its owner, which is no "real estate project" under s. 3.
 */
export const reraExemptionGrounds = [
  'land-500-m2-or-less',
  'eight-apartments-or-fewer',
  'completed-home',
] as const;
export type ReraExemptionGround = (typeof reraExemptionGrounds)[number];

const exemptionGroundLabels: Record<ReraExemptionGround, string> = {
  'land-500-m2-or-less': 'Exempt from RERA registration: the land is 500 m² or less (RERA 2016, s. 3(2)(a))',
  'eight-apartments-or-fewer': 'Exempt from RERA registration: eight homes or fewer (RERA 2016, s. 3(2)(a))',
  // In a buyer's words: a finished home's standing, not a warning about what it lacks.
  'completed-home':
    'A finished home sold by its owner. RERA registers projects while they are built, so a completed home like this one is bought without a K-RERA number (RERA 2016, s. 3)',
};

/** The sentence a page shows for a declared exemption. */
export const describeReraExemption = (ground: ReraExemptionGround) => exemptionGroundLabels[ground];

/** The words by which a text invites purchase before launch: the known ways round RERA s. 3. */
const invitingWords = [
  /expressions? of interest/i,
  /\bpre-?launch (offer|booking|price)s?\b/i,
  /\bbook(ing)? now\b/i,
];

/** What in a project's facts and text invites someone to buy, for a message that names it. */
export function findPurchaseInvitations(project: {
  saleStatus: SaleStatus;
  priceFromInr?: number | undefined;
  body?: string | undefined;
}): string[] {
  const found: string[] = [];
  if (isOpenForBuyers(project.saleStatus))
    found.push(`saleStatus "${project.saleStatus}" (the buyer's enquiry form)`);
  if (project.priceFromInr !== undefined) found.push('a price (priceFromInr)');
  for (const words of invitingWords) {
    const match = project.body?.match(words);
    if (match) found.push(`the words "${match[0]}"`);
  }
  return found;
}

/**
 * Why the law bars this project from the site as written, or undefined when it may be shown: a project
 * that invites purchase needs a registration or an exemption (RERA s. 3). `file` names it for the editor.
 */
export function explainSaleLawBreach(
  file: string,
  project: Parameters<typeof findPurchaseInvitations>[0] & { rera?: unknown },
): string | undefined {
  if (project.rera !== undefined) return undefined;
  const invitations = findPurchaseInvitations(project);
  if (invitations.length === 0) return undefined;
  return `${file} invites purchase (${invitations.join(', ')}) but has neither a K-RERA registration nor a declared exemption (rera): RERA 2016 s. 3 bars advertising or inviting anyone to buy an unregistered project. Add rera.registration (K-RERA/PRJ/…) or rera.exemption, or show only what the law allows: saleStatus not-for-sale, no price, no such words.`;
}

const squareFeetPerSquareMetre = 10.763_910_4;

/** Square metres in square feet, as Indian buyers also read areas, to the nearest whole square foot. */
export const toSquareFeet = (squareMetres: number) => Math.round(squareMetres * squareFeetPerSquareMetre);

/** "112 m² (1,206 sq ft)". */
export function formatArea(squareMetres: number): string {
  const metres = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 }).format(squareMetres);
  const feet = new Intl.NumberFormat('en-IN').format(toSquareFeet(squareMetres));
  return `${metres} m² (${feet} sq ft)`;
}
