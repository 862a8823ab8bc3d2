/** Words for the build stages an upcoming project can be at, as the projects schema names them. */
const projectStatusLabels = {
  'pre-launch': 'Pre-launch',
  'under-construction': 'Under construction',
  finishing: 'Finishing touches',
} as const;

export type ProjectStatus = keyof typeof projectStatusLabels;

/** What a project's status code means to a buyer. */
export function describeProjectStatus(status: ProjectStatus): string {
  return projectStatusLabels[status];
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A `YYYY-MM` month as "March 2028". */
export function formatMonth(yearMonth: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(yearMonth);
  if (!match) throw new RangeError(`Not a YYYY-MM month: ${yearMonth}`);
  return monthYear.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** A calendar date as "20 August 2026", read in UTC so the build machine's zone never shifts it. */
export function formatDate(date: Date): string {
  return dayMonthYear.format(date);
}

/** A date as `YYYY-MM-DD`, for `<time datetime>` and structured data. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "Studio", "1 bedroom", "4 bedrooms". */
export function describeBedrooms(bedrooms: number): string {
  if (bedrooms === 0) return 'Studio';
  return `${bedrooms} ${bedrooms === 1 ? 'bedroom' : 'bedrooms'}`;
}

/** "Sleeps 8". */
export function describeSleeps(sleeps: number): string {
  return `Sleeps ${sleeps}`;
}

/**
 * The entries in the order the old site listed them (its numeric ids), so `/singlepage?id=N` and the
 * list agree. Throws when two entries claim the same legacy id, since one old link would then land on
 * the wrong property; the build stops there.
 */
export function orderByLegacyId<Entry extends { id: string; data: { legacyId: number } }>(
  entries: readonly Entry[],
): Entry[] {
  const seen = new Map<number, string>();
  for (const entry of entries) {
    const other = seen.get(entry.data.legacyId);
    if (other) throw new Error(`${other} and ${entry.id} share the legacy id ${entry.data.legacyId}`);
    seen.set(entry.data.legacyId, entry.id);
  }
  return [...entries].sort((a, b) => a.data.legacyId - b.data.legacyId);
}
