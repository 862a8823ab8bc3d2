import { describe, expect, it } from 'vitest';
import { type CreateElement, drawPropertyPage } from './property-preview.ts';

type Node = { type: unknown; props: Record<string, unknown> | null; children: unknown[] };

/** React's createElement stood in by plain objects, so the drawn page can be read as text. */
const h: CreateElement = (type, props, ...children) => ({ type, props: props ?? null, children });

/** The text of every element of `type` in the tree, each element's text joined by spaces. */
function textsOf(node: unknown, type: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const element = node as Node;
  const text = (inner: unknown): string =>
    inner && typeof inner === 'object'
      ? (inner as Node).children.map(text).join(' ')
      : inner === null || inner === undefined
        ? ''
        : String(inner);
  const own = element.type === type ? [text(element).replace(/\s+/g, ' ').trim()] : [];
  return [...own, ...element.children.flatMap((child) => textsOf(child, type))];
}

const draft = {
  name: 'Kovalam Cliff Villa',
  location: 'Kovalam, Thiruvananthapuram',
  bedrooms: 4,
  bathrooms: 4,
  sleeps: 8,
  weeklyRateGbp: 2650,
  minNights: 5,
  amenities: ['Private infinity pool', 'Wi-Fi'],
  seasons: [
    { name: 'High season', from: '2026-10-01', to: '2026-12-18', weeklyRateGbp: 3200, minNights: 5 },
    // Half typed: no row until it is whole.
    { name: 'Peak season', from: '2026-12-19' },
  ],
  images: [{ src: '../../assets/images/villas/a.svg', alt: 'The pool at dusk' }],
};

describe('the content editor’s preview of a property', () => {
  const page = drawPropertyPage(h, draft, {
    kind: 'villas',
    body: 'A white villa.',
    pictureUrl: (src) => `/resolved/${src.split('/').pop()}`,
  });

  it('draws the page’s heading and facts', () => {
    expect(textsOf(page, 'h1')).toEqual(['Kovalam Cliff Villa']);
    expect(textsOf(page, 'li')).toEqual(
      expect.arrayContaining(['4 bedrooms', '4 bathrooms', 'Sleeps 8', 'Minimum stay 5 nights', 'Villas']),
    );
  });

  it('draws the season table as the page does, with the property’s own rate for other dates', () => {
    expect(textsOf(page, 'tr').slice(1)).toEqual([
      'High season 1 Oct 2026 – 18 Dec 2026 £3,200 £457 a night 5 nights',
      'Other dates £2,650 5 nights',
    ]);
  });

  it('shows the pictures where the editor’s media library keeps them', () => {
    const images: Node[] = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if ((node as Node).type === 'img') images.push(node as Node);
      (node as Node).children.forEach(walk);
    };
    walk(page);
    expect(images.map((image) => [image.props?.src, image.props?.alt])).toEqual([
      ['/resolved/a.svg', 'The pool at dusk'],
    ]);
  });
});
