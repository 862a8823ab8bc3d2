import { addDays } from '../../src/lib/dates.ts';
import { loadCatalogue } from '../../src/server/catalogue/catalogue.ts';

/**
 * A random number of days from `today`, between `earliest` and `latest`, such that the `span` days
 * from it touch no season with a changeover day (the villas' peak weeks, src/content/villas). A test
 * that books villas for fixed-length stays on any weekday starts its stretch of the calendar there,
 * so the booking rules of peak weeks never refuse its stays on the day it happens to run. Stays in
 * peak weeks are tested on purpose in booking-requests-seasons.test.ts.
 */
export async function pickDaysClearOfChangeovers(
  today: string,
  { earliest, latest, span }: { earliest: number; latest: number; span: number },
): Promise<number> {
  const { properties } = await loadCatalogue();
  const changeoverSeasons = properties.flatMap((property) =>
    property.seasons.filter((season) => season.changeoverDay),
  );
  const clear = (offset: number) => {
    const [first, last] = [addDays(today, offset), addDays(today, offset + span)];
    return changeoverSeasons.every((season) => season.to < first || season.from > last);
  };
  const candidates = Array.from({ length: latest - earliest + 1 }, (_, index) => earliest + index).filter(
    clear,
  );
  const picked = candidates[Math.floor(Math.random() * candidates.length)];
  if (picked === undefined) {
    throw new Error(
      `No ${span} days between day ${earliest} and day ${latest} are clear of changeover seasons`,
    );
  }
  return picked;
}
