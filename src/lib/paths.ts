/** Every internal URL the pages link to, built in one place so a route change is one edit. */
export const paths = {
  home: '/',
  about: '/about',
  villas: '/villas',
  apartments: '/apartments',
  booking: '/booking',
  careers: '/careers',
  careersSent: '/careers/sent',
  projects: '/projects',
  /** The sale side's door: every home and project open to buyers. */
  homesForSale: '/homes-for-sale',
  /** The list filtered, answered by a function to the list's plain GET form (src/lib/sale-listings.ts). */
  homesForSaleFiltered: '/homes-for-sale/filtered',
  /** What buyers who live abroad ask: who may buy what, paying from NRE/NRO accounts, repatriation. */
  buyingFromAbroad: '/buying-from-abroad',
  blog: '/blog',
  contact: '/contact',
  contactSent: '/contact/sent',
  partner: '/partner',
  partnerSent: '/partner/sent',
  /** Where a browser without JavaScript lands once a buyer's enquiry is sent. */
  buyerEnquirySent: '/buy/sent',
  /** The viewing form's times on the clock a buyer without JavaScript chose (a function's answer). */
  viewingTimes: '/buy/viewing-times',
  register: '/register',
  login: '/login',
  account: '/account',
  forgotPassword: '/forgot-password',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  adminLogin: '/admin/login',
  admin: '/admin',
  adminCalendars: '/admin/calendars',
  adminArrivalPacks: '/admin/arrival-packs',
  /** The day's foreign arrivals' Form C details, printable, with their CSV. */
  adminFormC: '/admin/form-c',
  /** The content editor (Decap CMS), a static page of the build. */
  contentEditor: '/cms/',
  sitemap: '/sitemap-index.xml',
  /** The stays free for chosen dates and guests: a plain GET form's answer, rendered by a function. */
  search: '/search',
  cancellationPolicy: '/cancellation-policy',
  privacy: '/privacy',
  houseRules: '/house-rules',
  reviewPolicy: '/review-policy',
  /** Where a guest writes their stay's review: from the invitation's link (its key after `#`) or `?booking=` from the account page. */
  review: '/review',
  adminReviews: '/admin/reviews',
  /** What an online payment came to: the page the pay function fills in (see payPath). */
  payment: '/payment',
} as const;

/**
 * A buyer's enquiry about one home or project for sale: a viewing or a question about buying. The
 * page for each home (and each intent) is built only for homes open to buyers.
 */
export const buyerEnquiryPath = (
  kind: 'villas' | 'apartments' | 'projects',
  slug: string,
  intent: 'viewing' | 'buying',
) => `/buy/${kind}/${slug}/${intent}`;

/** A home's or a project's sale brochure, a PDF made at build (src/features/brochure). */
export const brochurePath = (kind: 'villas' | 'apartments' | 'projects', slug: string) =>
  `/brochures/${kind}/${slug}.pdf`;

/**
 * A home's or a project's entry in the content editor (/cms, Decap CMS, whose collections are named as
 * the content's), where the office sets its sale status; a change shows once the site is next built.
 */
export const cmsEntryPath = (kind: 'villas' | 'apartments' | 'projects', slug: string) =>
  `/cms/#/collections/${kind}/entries/${encodeURIComponent(slug)}`;

/** Pays what a booking owes now: opens a session at the payment provider and sends the guest there. */
export const payPath = (reference: string) => `/pay/${encodeURIComponent(reference)}`;

/** Where the payment provider sends the guest back, with its session's id in the query. */
export const payReturnPath = (reference: string) => `${payPath(reference)}/return`;

/** The account page with a booking's conversation open, where an email about a message links to answer. */
export const accountMessagesPath = (bookingId: string) =>
  `${paths.account}?${new URLSearchParams({ messages: bookingId })}`;

/** A villa's detail page; `id` is the content entry's id (its file name). */
export const villaPath = (id: string) => `${paths.villas}/${id}`;

/** An apartment's detail page. */
export const apartmentPath = (id: string) => `${paths.apartments}/${id}`;

/** The detail page of a villa or an apartment. */
export const propertyPath = (kind: PropertyKind, id: string) =>
  kind === 'villas' ? villaPath(id) : apartmentPath(id);

/** A stay as pages carry it in their address: the search's answer, the property page, the booking form. */
export type StayInAddress = { arrival?: string; departure?: string; guests?: string | number };

/**
 * `path` with a stay in its query (`?arrival=2027-01-10&departure=2027-01-17&guests=4`), so a stay chosen
 * on one page arrives chosen on the next; the fields left empty stay out.
 */
export function withStay(path: string, stay: StayInAddress): string {
  const query = new URLSearchParams();
  for (const name of ['arrival', 'departure', 'guests'] as const) {
    const value = stay[name];
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** The booking request form with the property chosen. */
export const bookingPath = (propertyId: string) =>
  `${paths.booking}?${new URLSearchParams({ property: propertyId })}`;

/** A News & Blogs article. */
export const postPath = (id: string) => `${paths.blog}/${id}`;

/** The two collections a guest can rent from, named as their content collections. */
export type PropertyKind = 'villas' | 'apartments';

/** The main navigation, in the order the navbar shows it. */
export const primaryNavigation = [
  { label: 'Home', href: paths.home },
  { label: 'About', href: paths.about },
  { label: 'Villas', href: paths.villas },
  { label: 'Apartments', href: paths.apartments },
  { label: 'Homes for sale', href: paths.homesForSale },
  { label: 'Careers', href: paths.careers },
  { label: 'My account', href: paths.account },
  { label: 'Contact', href: paths.contact },
] as const;

/** The pages the small-screen menu lists after the main navigation (the wide navbar has no room for them). */
export const secondaryNavigation = [
  { label: 'Projects', href: paths.projects },
  { label: 'Blog', href: paths.blog },
  { label: 'Partner with us', href: paths.partner },
] as const;

/** True when `href` is the current page or a section it belongs to (the home link only matches itself). */
export function isCurrentSection(href: string, pathname: string): boolean {
  const normalise = (value: string) => (value.endsWith('/') ? value : `${value}/`);
  if (href === '/') return pathname === '/';
  return normalise(pathname).startsWith(normalise(href));
}

/** A `tel:` link for a number written for people, e.g. "+91 484 235 7700". */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/**
 * Where to send someone after they sign in: a path on this site, or their account page. Anything that
 * could leave the site (`//evil.example`, `https://…`, `/\evil`) is replaced, so a crafted link cannot
 * use the sign-in page to send a guest elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return paths.account;
  const hasControlCharacter = [...value].some((character) => character.charCodeAt(0) < 32);
  if (hasControlCharacter || value.includes('\\') || value.length > 500) return paths.account;
  return value;
}

// A page of the site (`/booking`, `/villas/kovalam-cliff-villa`) and a query of plain values: slugs,
// dates, numbers. Nothing that reads as a sentence or a web address.
const plainPath = /^(\/[a-z0-9-]+)+$|^\/$/;
const plainValue = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * safeReturnPath, narrowed for a link emailed to an address nobody has confirmed: the page and a query
 * of plain values (`/booking?property=kovalam-cliff-villa&guests=4`), or the account page. The path
 * rides in the link as the registrant typed it, so anything wordier (`/?Win=a prize at scam.example`)
 * would put their words in a stranger's inbox.
 */
export function plainReturnPath(value: string | null | undefined): string {
  const safe = safeReturnPath(value);
  const [pathname = '', search, ...rest] = safe.split('?');
  if (rest.length > 0 || !plainPath.test(pathname)) return paths.account;
  if (search === undefined) return safe;
  const pairs = search.split('&').map((pair) => pair.split('='));
  const plain = pairs.every(
    (pair) => pair.length === 2 && /^[a-z]{1,20}$/.test(pair[0] ?? '') && plainValue.test(pair[1] ?? ''),
  );
  return plain && pairs.length <= 6 ? safe : paths.account;
}

/**
 * A review invitation's link: its key rides in the fragment, which browsers never send to a server,
 * so no access log or Referer header holds it.
 */
export const reviewLinkPath = (token: string) => `${paths.review}#${token}`;

/** Where a signed-in guest reviews a past stay of theirs from the account page. */
export const reviewBookingPath = (bookingId: string) =>
  `${paths.review}?${new URLSearchParams({ booking: bookingId })}`;
