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
