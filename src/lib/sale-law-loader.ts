import type { Loader } from 'astro/loaders';
import { explainSaleLawBreach, type SaleStatus } from './sale-law.ts';

/** The part of a project entry the law reads: its facts and its Markdown body. */
type ProjectEntry = {
  filePath?: string | undefined;
  body?: string | undefined;
  data: Record<string, unknown>;
};

/**
 * Every project that breaks RERA s. 3 as written, as messages naming its file. The schema sees only a
 * project's fields; its body ("we are taking expressions of interest") is read here.
 */
export function listSaleLawBreaches(entries: Iterable<ProjectEntry>): string[] {
  const breaches: string[] = [];
  for (const entry of entries) {
    const data = entry.data as { saleStatus: SaleStatus; priceFromInr?: number; rera?: unknown };
    const breach = explainSaleLawBreach(entry.filePath ?? 'a project file', { ...data, body: entry.body });
    if (breach) breaches.push(breach);
  }
  return breaches;
}

/**
 * The projects' loader, refusing to finish (and so the build) while a project invites purchase
 * without a registration or an exemption.
 */
export function refuseUnlawfulProjects(loader: Loader): Loader {
  return {
    ...loader,
    name: `${loader.name}-sale-law`,
    load: async (context) => {
      await loader.load(context);
      const breaches = listSaleLawBreaches(context.store.values());
      if (breaches.length > 0) throw new Error(breaches.join('\n'));
    },
  };
}
