/**
 * The middle of a few readings (the mean of the two middle ones for an even count), so one slow run
 * does not stand for the rest: a Lighthouse figure over its runs, a machine's BenchmarkIndex (one
 * reading of a 2-core machine moves by a fifth). Readings that are not numbers are left out.
 */
export function median(readings: number[]): number {
  const sorted = readings.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('No reading to take the median of');
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
