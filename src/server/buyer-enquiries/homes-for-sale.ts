import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { type SaleKind, saleKinds } from '../../features/buyer-enquiry/buyer-enquiry-contract.ts';
import { isOpenForBuyers, type SaleStatus } from '../../lib/sale-law.ts';

/** A home or project as a buyer's enquiry names it: its content file's slug, kind, name and sale status. */
export type HomeForSale = { kind: SaleKind; slug: string; name: string; saleStatus: SaleStatus };

/**
 * Every villa, apartment and project in the content, read from the files' front matter (the build has
 * already refused any that break the schemas). Read once per process, as the catalogue is.
 */
async function readHomesForSale(root: string): Promise<HomeForSale[]> {
  const homes: HomeForSale[] = [];
  for (const kind of saleKinds) {
    const directory = path.join(root, 'src', 'content', kind);
    for (const file of (await readdir(directory)).filter((name) => name.endsWith('.md'))) {
      const [, front = ''] = (await readFile(path.join(directory, file), 'utf8')).split(/^---$/m);
      const data = parse(front) as { name?: string; title?: string; saleStatus: SaleStatus };
      homes.push({
        kind,
        slug: file.slice(0, -'.md'.length),
        name: data.name ?? data.title ?? file,
        saleStatus: data.saleStatus,
      });
    }
  }
  return homes;
}

let loaded: Promise<HomeForSale[]> | undefined;

/** The home of this kind and slug, if the content has it. */
export async function findHomeForSale(kind: SaleKind, slug: string): Promise<HomeForSale | undefined> {
  loaded ??= readHomesForSale(process.cwd()).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return (await loaded).find((home) => home.kind === kind && home.slug === slug);
}

/** Whether a buyer may ask about it now: it exists and is for sale or under offer. */
export const isAskable = (home: HomeForSale) => isOpenForBuyers(home.saleStatus);
