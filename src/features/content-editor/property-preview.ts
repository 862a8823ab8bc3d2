import { describeBedrooms, describeSleeps } from '../../lib/catalogue.ts';
import { formatPence } from '../../lib/money.ts';
import { nightlyRatePence } from '../../lib/pricing.ts';
import {
  type ContentSeason,
  describeMinimumStays,
  describeSeasonDates,
  seasonsInPence,
} from '../../lib/seasons.ts';

/**
 * A villa's or an apartment's entry drawn as its page draws it (src/pages/villas/[id].astro and the
 * sections it lists): the header's facts, the opening pictures, the description and what is included,
 * and the season table, with the page's class names so the site's own styles (/cms/preview.css)
 * give it the page's look. Decap's React comes in as `h`; no second React is bundled.
 */

/** React's createElement, as Decap hands it out on `window.h`. */
export type CreateElement = (
  type: unknown,
  props?: Record<string, unknown> | null,
  ...children: unknown[]
) => unknown;

/** What a preview draws from an entry: its fields as the editor holds them now, possibly half filled. */
export type PropertyDraft = {
  name?: string;
  location?: string;
  bedrooms?: number;
  bathrooms?: number;
  sleeps?: number;
  weeklyRateGbp?: number;
  minNights?: number;
  amenities?: string[];
  seasons?: Partial<ContentSeason>[];
  images?: { src?: string; alt?: string }[];
};

/** Whether a season is whole enough to draw a row of the table for it. */
const isComplete = (season: Partial<ContentSeason>): season is ContentSeason =>
  Boolean(season.name && season.from && season.to && season.weeklyRateGbp && season.minNights);

const nights = (count: number) => `${count} ${count === 1 ? 'night' : 'nights'}`;

/** The season table of the page's "Price details", with the property's own rate for the other dates. */
function drawSeasonTable(h: CreateElement, draft: PropertyDraft) {
  const seasons = seasonsInPence((draft.seasons ?? []).filter(isComplete));
  const ownRatePence = (draft.weeklyRateGbp ?? 0) * 100;
  const detail = (text: string) => h('span', { className: 'seasons__detail' }, text);
  return h(
    'div',
    { 'data-section': 'PriceDetails' },
    h(
      'section',
      { className: 'terms', 'aria-labelledby': 'terms-title' },
      h(
        'div',
        { className: 'container terms__grid' },
        h('h2', { id: 'terms-title' }, 'Price details'),
        h(
          'div',
          { className: 'seasons' },
          h(
            'table',
            null,
            h('caption', null, `Rates and shortest stays by season at ${draft.name ?? ''}`),
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                h('th', { scope: 'col' }, 'Season (nights)'),
                h('th', { scope: 'col' }, 'A week'),
                h('th', { scope: 'col' }, 'Shortest stay'),
              ),
            ),
            h(
              'tbody',
              null,
              ...seasons.map((season, index) =>
                h(
                  'tr',
                  { key: index },
                  h('th', { scope: 'row' }, season.name, detail(describeSeasonDates(season))),
                  h(
                    'td',
                    null,
                    formatPence(season.weeklyRatePence),
                    detail(`${formatPence(nightlyRatePence(season.weeklyRatePence))} a night`),
                  ),
                  h(
                    'td',
                    null,
                    nights(season.minNights),
                    season.changeoverDay
                      ? detail(`${season.changeoverDay} to ${season.changeoverDay}`)
                      : null,
                  ),
                ),
              ),
              h(
                'tr',
                null,
                h('th', { scope: 'row' }, 'Other dates'),
                h('td', null, ownRatePence ? formatPence(ownRatePence) : ''),
                h('td', null, draft.minNights ? nights(draft.minNights) : ''),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * The property page as this draft would build it. `body` is the description as Decap renders it;
 * `pictureUrl` turns a picture's path in the content into an address the preview can load.
 */
export function drawPropertyPage(
  h: CreateElement,
  draft: PropertyDraft,
  options: { kind: string; body: unknown; pictureUrl: (src: string) => string },
) {
  const seasons = (draft.seasons ?? []).filter(isComplete);
  const facts = [
    draft.bedrooms !== undefined ? describeBedrooms(draft.bedrooms) : '',
    draft.bathrooms ? `${draft.bathrooms} ${draft.bathrooms === 1 ? 'bathroom' : 'bathrooms'}` : '',
    draft.sleeps ? describeSleeps(draft.sleeps) : '',
    draft.minNights ? `Minimum stay ${describeMinimumStays({ minNights: draft.minNights, seasons })}` : '',
  ].filter(Boolean);
  const pictures = (draft.images ?? []).filter((picture) => picture.src).slice(0, 3);
  return h(
    'div',
    { className: 'property-page container' },
    h(
      'div',
      { 'data-section': 'PropertyHeader' },
      h(
        'header',
        { className: 'property-header container' },
        h(
          'nav',
          { 'aria-label': 'Breadcrumb' },
          h(
            'ol',
            null,
            h('li', null, 'Home'),
            h('li', null, options.kind === 'apartments' ? 'Apartments' : 'Villas'),
            h('li', null, h('span', { 'aria-current': 'page' }, draft.name)),
          ),
        ),
        h('p', { className: 'property-header__location' }, draft.location),
        h('h1', null, draft.name),
        h(
          'ul',
          { className: 'property-header__facts', role: 'list' },
          ...facts.map((fact) => h('li', { key: fact }, fact)),
        ),
      ),
    ),
    // The page's gallery is an island of its own; the preview shows its opening pictures in its place.
    h(
      'div',
      { className: 'container', style: { display: 'flex', flexWrap: 'wrap', gap: '0.5rem' } },
      ...pictures.map((picture, index) =>
        h('img', {
          key: index,
          src: options.pictureUrl(picture.src ?? ''),
          alt: picture.alt ?? '',
          style: {
            width: index === 0 ? '100%' : 'calc(50% - 0.25rem)',
            aspectRatio: index === 0 ? '16 / 9' : '4 / 3',
            objectFit: 'cover',
          },
        }),
      ),
    ),
    h(
      'div',
      { 'data-section': 'PropertyOverview' },
      h(
        'section',
        { className: 'overview container', 'aria-labelledby': 'overview-title' },
        h(
          'div',
          { className: 'overview__text' },
          h('h2', { id: 'overview-title' }, 'About this home'),
          h('div', { className: 'prose' }, options.body),
          h('h3', null, 'What is included'),
          h(
            'ul',
            { className: 'overview__amenities' },
            ...(draft.amenities ?? []).map((amenity, index) => h('li', { key: index }, amenity)),
          ),
        ),
      ),
    ),
    drawSeasonTable(h, draft),
  );
}
