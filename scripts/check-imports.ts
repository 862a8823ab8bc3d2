/**
 * The import-boundary check of `npm run check`: reads every `.ts`, `.tsx`, `.mts` and `.astro` file
 * (an `.astro` file's frontmatter and `<script>`s) and refuses each import that breaks a rule of
 * `scripts/support/import-rules.ts`, printing `file → import` and the rule. Exits 1 on any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { judgeImport, listSpecifiers, type Violation } from './support/import-rules.ts';

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
for (const file of roots.flatMap(listFiles)) {
  for (const specifier of listSpecifiers(file, readFileSync(file, 'utf8'))) {
    const violation = judgeImport({ from: file, specifier }, completePath);
    if (violation) violations.push(violation);
  }
}

for (const violation of violations) {
  console.error(
    `${label(violation)} (import '${violation.specifier}')\n  breaks "${violation.rule}": ${violation.reason}`,
  );
}
if (violations.length > 0) {
  console.error(`\nImport boundaries: ${violations.length} refused.`);
  process.exit(1);
}
console.log('Import boundaries hold.');
