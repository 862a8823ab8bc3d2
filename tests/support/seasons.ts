import { readdirSync, readFileSync } from 'node:fs';
import { addDays } from '../../src/lib/dates.ts';
import type { PropertyKind } from '../../src/lib/paths.ts';
import { type PropertyFacts, parsePropertyFacts } from '../../src/server/catalogue/catalogue.ts';

/**
 * The facts of every villa and apartment, read from the content files with the functions' own schema,
 * at once (not awaited), so an e2e spec can use them while it declares its tests.
 */
export function readPropertyFacts(): PropertyFacts[] {
  return (['villas', 'apartments'] as const satisfies PropertyKind[]).flatMap((kind) =>
    readdirSync(`src/content/${kind}`)
      .filter((file) => file.endsWith('.md'))
      .map((file) =>
        parsePropertyFacts(readFileSync(`src/content/${kind}/${file}`, 'utf8'), {
          slug: file.slice(0, -'.md'.length),
          kind,
        }),
      ),
  );
}

/** The facts of the property with this slug; throws when there is none. */
export function readFactsOf(slug: string): PropertyFacts {
  const facts = readPropertyFacts().find((property) => property.slug === slug);
  if (!facts) throw new Error(`No property ${slug} in src/content`);
  return facts;
}

/**
 * A random number of days from `today`, between `earliest` and `latest`, such that the `span` days
 * from it touch no season with a changeover day (the villas' peak weeks, src/content/villas). A test
 * that books villas for fixed-length stays on any weekday starts its stretch of the calendar there,
 * so the booking rules of peak weeks never refuse its stays on the day it happens to run. Stays in
 * peak weeks are tested on purpose (booking-requests-seasons.test.ts, booking-panel.spec.ts).
 */
export function pickDaysClearOfChangeovers(
  today: string,
  {
    earliest,
    latest,
    span,
    first = false,
  }: {
    earliest: number;
    latest: number;
    span: number;
    /** The earliest such day rather than a random one: the same on every run of the day. */
    first?: boolean;
  },
): number {
  const changeoverSeasons = readPropertyFacts().flatMap((property) =>
    property.seasons.filter((season) => season.changeoverDay),
  );
  const clear = (offset: number) => {
    const [first, last] = [addDays(today, offset), addDays(today, offset + span)];
    return changeoverSeasons.every((season) => season.to < first || season.from > last);
  };
  const candidates = Array.from({ length: latest - earliest + 1 }, (_, index) => earliest + index).filter(
    clear,
  );
  const picked = candidates[first ? 0 : Math.floor(Math.random() * candidates.length)];
  if (picked === undefined) {
    throw new Error(
      `No ${span} days between day ${earliest} and day ${latest} are clear of changeover seasons`,
    );
  }
  return picked;
}
