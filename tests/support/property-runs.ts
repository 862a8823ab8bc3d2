/**
 * How many runs a property-based test makes: `base` (what the suite and CI run) times
 * PROPERTY_RUNS_SCALE, default 1. Each run of the API properties is a request and a few queries (a few
 * milliseconds); fast-check draws a new seed every run, so the cases add up across runs, and
 * `PROPERTY_RUNS_SCALE=10 npx vitest run tests/api/*.property.test.ts` searches ten times deeper.
 */
export function propertyRuns(base: number): number {
  const scale = Number(process.env.PROPERTY_RUNS_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('PROPERTY_RUNS_SCALE must be a number above 0');
  return Math.max(1, Math.round(base * scale));
}
