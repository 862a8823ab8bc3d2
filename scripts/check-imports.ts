/**
 * The import-boundary check of `npm run check`: reads every `.ts`, `.tsx`, `.mts` and `.astro` file
 * (an `.astro` file's frontmatter and `<script>`s) and refuses each import that breaks a rule of
 * `scripts/support/import-rules.ts`, printing `file → import` and the rule, and each loop between
 * folders of `src/server`, printing the folders and an import for each step of the loop. Exits 1 on any.
 * `--graph` prints instead the folders of `src/server` and, for each, the folders it imports (how many
 * imports), to read the server's layout at any commit: copy this file and its support module there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type FileImport,
  findFolderCycles,
  judgeImport,
  listSpecifiers,
  resolveTarget,
  serverFolderOf,
  type Violation,
} from './support/import-rules.ts';

const roots = ['src', 'netlify', 'scripts', 'tests'];
const checked = /\.(ts|tsx|mts|astro)$/;
const skipped = /(^|\/)(node_modules|dist|\.astro|\.netlify|fixtures)(\/|$)/;

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && checked.test(entry.name))
    .map((entry) => path.relative('.', path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !skipped.test(file))
    .sort();
}

/** An import written without its extension (as `.astro` files may) names the file that exists. */
function completePath(file: string): string {
  if (/\.[a-z]+$/.test(file) && existsSync(file)) return file;
  const found = ['.ts', '.tsx', '.astro', '/index.ts'].map((end) => file + end).find((f) => existsSync(f));
  return found ?? file;
}

/** `file → the repository path (or package) it imports`, however the import is spelled. */
const label = (entry: { from: string; target: string }) => `${entry.from} → ${entry.target}`;

const violations: Violation[] = [];
const serverImports: FileImport[] = [];
for (const file of roots.flatMap(listFiles)) {
  const inServer = file.startsWith('src/server/') && !/\.test\.ts$/.test(file);
  for (const specifier of listSpecifiers(file, readFileSync(file, 'utf8'))) {
    const violation = judgeImport({ from: file, specifier }, completePath);
    if (violation) violations.push(violation);
    const target = resolveTarget({ from: file, specifier }, completePath);
    if (inServer && target.kind === 'ours') serverImports.push({ from: file, target: target.file });
  }
}

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
