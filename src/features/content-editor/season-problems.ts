import { seasonsSchema } from '../../lib/content-schemas.ts';

/**
 * What the build would refuse in a property's rate seasons, said in the editor's words before the
 * file is saved. The check is the build's own schema (`seasonsSchema`), run on the seasons as the
 * editor holds them, so the editor and the build cannot disagree about a season.
 */

/** One thing wrong with the seasons: which season (counted from 1), which field, and why. */
export type SeasonProblem = { season: number; field: string; message: string };

/** Every problem `seasonsSchema` finds in these seasons, in the order of the list; none when it accepts them. */
export function listSeasonProblems(seasons: unknown): SeasonProblem[] {
  const result = seasonsSchema.safeParse(seasons ?? []);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const [index, field] = issue.path;
    return {
      season: typeof index === 'number' ? index + 1 : 0,
      field: typeof field === 'string' ? field : '',
      message: issue.message,
    };
  });
}

/**
 * "Season 2 (Peak season): The last night must be after the first night": the season by its place and
 * name, then the build's own reason, which names the field by the label the editor shows beside it.
 */
export function describeSeasonProblem(problem: SeasonProblem, seasons: readonly unknown[]): string {
  const season = seasons[problem.season - 1] as { name?: unknown } | undefined;
  const name = typeof season?.name === 'string' && season.name.trim() ? ` (${season.name.trim()})` : '';
  const where = problem.season > 0 ? `Season ${problem.season}${name}` : 'Seasons';
  return `${where}: ${problem.message}`;
}
