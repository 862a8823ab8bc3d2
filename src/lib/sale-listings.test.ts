import { describe, expect, it } from 'vitest';
import {
  filterSaleListPage,
  findPriceBand,
  isListed,
  matchesSaleFilters,
  noSaleFilters,
  readSaleFilters,
  renderSaleFilters,
  type SaleFacets,
  saleCardMarkers,
  saleFilterSlot,
} from './sale-listings.ts';

describe('findPriceBand', () => {
  it.each([
    [5_500_000, 'under-1-crore'],
    [9_999_999, 'under-1-crore'],
    [10_000_000, '1-to-2-crore'],
    [19_999_999, '1-to-2-crore'],
    [20_000_000, 'over-2-crore'],
    [78_000_000, 'over-2-crore'],
    [undefined, undefined],
  ])('puts ₹%s in %s', (rupees, band) => {
    expect(findPriceBand(rupees)).toBe(band);
  });
});

describe('isListed', () => {
  it.each([
    ['available', 'show', true],
    ['under-offer', 'hide', true],
    ['sold', 'show', true],
    ['sold', 'hide', false],
    ['not-for-sale', 'show', false],
  ] as const)('lists a home %s when sold homes are set to %s: %s', (status, setting, listed) => {
    expect(isListed(status, setting)).toBe(listed);
  });
});

describe('readSaleFilters', () => {
  it('reads missing or empty fields as any', () => {
    expect(readSaleFilters(new URLSearchParams('type=&price='))).toEqual({
      ok: true,
      filters: noSaleFilters,
    });
  });

  it('reads each known word', () => {
    expect(readSaleFilters(new URLSearchParams('type=villa&price=1-to-2-crore&status=under-offer'))).toEqual({
      ok: true,
      filters: { type: 'villa', price: '1-to-2-crore', status: 'under-offer' },
    });
  });

  it('names each field whose word it does not know', () => {
    const read = readSaleFilters(new URLSearchParams('type=castle&price=cheap&status=available'));
    expect(read).toEqual({
      ok: false,
      errors: { type: 'Choose a type from the list', price: 'Choose a price band from the list' },
    });
  });
});

describe('matchesSaleFilters', () => {
  const villa: SaleFacets = { type: 'villa', rupees: 6_500_000, status: 'available' };
  const project: SaleFacets = { type: 'project', rupees: undefined, status: 'under-offer' };
  it.each([
    [villa, noSaleFilters, true],
    [villa, { ...noSaleFilters, type: 'villa' }, true],
    [villa, { ...noSaleFilters, type: 'apartment' }, false],
    [villa, { ...noSaleFilters, price: 'under-1-crore' }, true],
    [villa, { ...noSaleFilters, price: 'over-2-crore' }, false],
    [villa, { ...noSaleFilters, status: 'under-offer' }, false],
    [project, { ...noSaleFilters, status: 'under-offer' }, true],
    [project, { ...noSaleFilters, price: 'under-1-crore' }, false],
  ] as const)('%o under %o: %s', (facets, filters, matches) => {
    expect(matchesSaleFilters(facets, filters)).toBe(matches);
  });
});

describe('filterSaleListPage', () => {
  const card = (facets: SaleFacets, name: string) => {
    const { start, end } = saleCardMarkers(facets);
    return `${start}<li>${name}</li>${end}`;
  };
  const page = [
    '<main>',
    saleFilterSlot.start,
    'the built form',
    saleFilterSlot.end,
    '<ul>',
    card({ type: 'villa', rupees: 6_500_000, status: 'available' }, 'Kovalam'),
    card({ type: 'apartment', rupees: 24_500_000, status: 'available' }, 'Kakkanad'),
    card({ type: 'project', rupees: undefined, status: 'under-offer' }, 'Kozhikode'),
    '</ul></main>',
  ].join('');

  it('keeps only the cards that match and writes the form again with their count', () => {
    const html = filterSaleListPage(
      page,
      { ...noSaleFilters, type: 'apartment' },
      (count) => `form:${count}`,
    );
    expect(html).toContain('<li>Kakkanad</li>');
    expect(html).not.toContain('Kovalam');
    expect(html).not.toContain('Kozhikode');
    expect(html).toContain(`${saleFilterSlot.start}form:1${saleFilterSlot.end}`);
    expect(html).not.toContain('the built form');
  });

  it('keeps every card under no filter', () => {
    const html = filterSaleListPage(page, noSaleFilters, (count) => `form:${count}`);
    expect(html).toContain('form:3');
  });
});

describe('renderSaleFilters', () => {
  const render = (showSold: boolean) =>
    renderSaleFilters({
      action: '/homes-for-sale/filtered',
      resetHref: '/homes-for-sale',
      filters: { type: 'villa', price: 'any', status: 'any' },
      count: 2,
      showSold,
      errors: { price: 'Choose a price band from the list' },
    });

  it('is a GET form showing the chosen filter, the count and a way back to every home', () => {
    const html = render(true);
    expect(html).toContain('method="get" action="/homes-for-sale/filtered"');
    expect(html).toContain('<option value="villa" selected>');
    expect(html).toContain('2 homes match these filters');
    expect(html).toContain('<a href="/homes-for-sale">Show every home</a>');
  });

  it('ties a field’s message to its select', () => {
    expect(render(true)).toMatch(
      /aria-invalid="true" aria-describedby="sale-filter-price-error">[\s\S]*id="sale-filter-price-error">Choose a price band from the list/,
    );
  });

  it('offers "Sold" only where sold homes are listed', () => {
    expect(render(true)).toContain('<option value="sold"');
    expect(render(false)).not.toContain('<option value="sold"');
  });
});
