/** Every internal URL the pages link to, built in one place so a route change is one edit. */
export const paths = {
  home: '/',
  about: '/about',
  villas: '/villas',
  apartments: '/apartments',
  booking: '/booking',
  careers: '/careers',
  projects: '/projects',
  blog: '/blog',
  contact: '/contact',
  contactSent: '/contact/sent',
  partner: '/partner',
  register: '/register',
  login: '/login',
  account: '/account',
} as const;

/** The main navigation, in the order the navbar shows it. */
export const primaryNavigation = [
  { label: 'Home', href: paths.home },
  { label: 'About', href: paths.about },
  { label: 'Villas', href: paths.villas },
  { label: 'Apartments', href: paths.apartments },
  { label: 'Careers', href: paths.careers },
  { label: 'Sign up', href: paths.register },
  { label: 'Contact', href: paths.contact },
] as const;

/** True when `href` is the current page or a section it belongs to (the home link only matches itself). */
export function isCurrentSection(href: string, pathname: string): boolean {
  const normalise = (value: string) => (value.endsWith('/') ? value : `${value}/`);
  if (href === '/') return pathname === '/';
  return normalise(pathname).startsWith(normalise(href));
}
