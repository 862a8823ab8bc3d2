/**
 * The import-boundary check of `npm run check`: reads every `.ts`, `.tsx`, `.mts` and `.astro` file
 * (an `.astro` file's frontmatter and `<script>`s) and refuses each import that breaks a rule of
 * `scripts/support/import-rules.ts`, printing `file → import` and the rule, and each loop between
 * folders of `src/server`, printing the folders and an import for each step of the loop. Exits 1 on any.
 * `--graph` prints instead the folders of `src/server` and, for each, the folders it imports (how many
 * imports), to read the server's layout at any commit: copy this file and its support module there.
 */
import { findFolderCycles, readImports, serverFolderOf } from './support/import-rules.ts';

/** `file → the repository path (or package) it imports`, however the import is spelled. */
const label = (entry: { from: string; target: string }) => `${entry.from} → ${entry.target}`;

const { violations, serverImports } = readImports();

for (const violation of violations) {
  console.error(
    `${label(violation)} (import '${violation.specifier}')\n  breaks "${violation.rule}": ${violation.reason}`,
  );
}
if (process.argv.includes('--graph')) {
  const folderOf = (file: string) => serverFolderOf(file) ?? file;
  const edges = new Map<string, Map<string, number>>();
  const files = new Map<string, Set<string>>();
  for (const { from, target } of serverImports) {
    const [source, goal] = [folderOf(from), folderOf(target)];
    files.set(source, (files.get(source) ?? new Set()).add(from));
    if (source === goal || !target.startsWith('src/server/')) continue;
    const out = edges.get(source) ?? new Map<string, number>();
    edges.set(source, out.set(goal, (out.get(goal) ?? 0) + 1));
  }
  for (const folder of [...files.keys()].sort()) {
    const out = [...(edges.get(folder) ?? new Map()).entries()].sort(([a], [b]) => a.localeCompare(b));
    const arrows = out.map(([goal, count]) => `${goal} (${count})`).join(', ');
    console.log(`${folder} [${files.get(folder)?.size} files] → ${arrows || 'nothing of src/server'}`);
  }
  const loops = findFolderCycles(serverImports).map(({ folders }) => folders.join(' ⇄ '));
  console.log(loops.length > 0 ? `Loops: ${loops.join('; ')}` : 'No loop between folders.');
  process.exit(0);
}

const cycles = findFolderCycles(serverImports);
for (const { folders, ring } of cycles) {
  console.error(
    `src/server folders import each other: ${folders.join(', ')}\n${ring.map((step) => `  ${label(step)}`).join('\n')}\n  breaks "imports between folders of src/server run one way": move what both need into a lower folder`,
  );
}
if (violations.length + cycles.length > 0) {
  console.error(
    `\nImport boundaries: ${violations.length} refused, ${cycles.length} ${cycles.length === 1 ? 'loop' : 'loops'} between folders.`,
  );
  process.exit(1);
}
console.log('Import boundaries hold; no loop between folders of src/server.');
