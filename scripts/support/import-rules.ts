import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import rules of the folder READMEs, as code: which part of the repository may import which.
 * Imports run downhill (pages → sections → features → ui → lib; functions → server → lib), the server
 * never imports an island, and only a feature's `*-contract.ts` crosses from `src/features` to the server.
 */

/**
 * One import as written: the file that imports (repository-relative, `/`-separated), what it names, and
 * whether it brings only types (`import type`, erased when compiled, so nothing of it runs).
 */
export type Import = { from: string; specifier: string; typeOnly?: boolean };

/** A refused import, with what it names: a repository path, or a package's name. */
export type Violation = Import & { target: string; rule: string; reason: string };

/** Where a repository path sits in the layering; `other` is anything no rule speaks about. */
type Part =
  | 'page'
  | 'layout'
  | 'section'
  | 'ui'
  | 'contract'
  | 'feature'
  | 'lib'
  | 'server'
  | 'function'
  | 'script'
  | 'test'
  | 'other';

const contractFile = /^src\/features\/[^/]+\/[^/]+-contract\.ts$/;

/** The one way to make a booking without the API, shared by the tests, the seed and the benchmarks. */
const bookingScenario = 'tests/support/booking-scenario.ts';

/** The part of the repository a (repository-relative) path belongs to. */
function partOf(file: string): Part {
  if (/(^|\/)tests\//.test(file) || /\.(test|spec)\.tsx?$/.test(file)) return 'test';
  if (file.startsWith('src/pages/')) return 'page';
  if (file.startsWith('src/layouts/')) return 'layout';
  if (file.startsWith('src/components/ui/')) return 'ui';
  if (file.startsWith('src/components/')) return 'section';
  if (contractFile.test(file)) return 'contract';
  if (file.startsWith('src/features/')) return 'feature';
  if (file.startsWith('src/lib/')) return 'lib';
  if (file.startsWith('src/server/')) return 'server';
  if (file.startsWith('netlify/functions/')) return 'function';
  if (file.startsWith('scripts/')) return 'script';
  return 'other';
}

/**
 * The features in floors, lowest first. A feature may import its own folder and any feature on a lower
 * floor, never one beside or above it, so no two features can import each other: the shared kits (the
 * API client, then the public forms' kit built on it) stand at the bottom, the self-contained islands above them, then
 * the booking form that composes the calendar and the sign-in, then the screens built on bookings.
 */
const featureFloors: readonly (readonly string[])[] = [
  ['api'],
  ['forms'],
  [
    'auth',
    'availability',
    'carousel',
    'contact-message',
    'career-application',
    'gallery',
    'partner-enquiry',
    'search',
    'payment',
    'arrival-pack',
    'reviews',
  ],
  ['booking'],
  ['account', 'admin'],
];

/** A feature folder's floor; a folder no floor names stands on the top floor (it may import all below). */
function floorOf(feature: string): number {
  const floor = featureFloors.findIndex((names) => names.includes(feature));
  return floor === -1 ? featureFloors.length : floor;
}

/** `src/features/<name>/…` → `<name>`. */
function featureOf(file: string): string | undefined {
  return /^src\/features\/([^/]+)\//.exec(file)?.[1];
}

/** Styles, pictures and content are leaves anyone may import; no rule is about them. */
function isLeaf(target: string): boolean {
  return (
    /^src\/(styles|assets|content)\//.test(target) ||
    /\.(s?css|svg|png|jpe?g|webp|avif|json|md)$/.test(target)
  );
}

type Target = { kind: 'ours'; file: string; part: Part } | { kind: 'package'; name: string };

/**
 * What a specifier names: a repository file (resolved against the importer; `completePath` adds the
 * extension an `.astro` import may leave out) or a package.
 */
export function resolveTarget(
  { from, specifier }: Import,
  completePath: (file: string) => string = (f) => f,
): Target {
  const bare = specifier.replace(/\?.*$/, '');
  if (bare.startsWith('.')) {
    const file = completePath(path.posix.normalize(path.posix.join(path.posix.dirname(from), bare)));
    return { kind: 'ours', file, part: partOf(file) };
  }
  if (bare.startsWith('/')) return { kind: 'ours', file: bare.slice(1), part: partOf(bare.slice(1)) };
  return { kind: 'package', name: bare };
}

type Rule = {
  name: string;
  /** Why the import is refused, or undefined when the rule allows it. */
  check(from: string, target: Target, typeOnly: boolean): string | undefined;
};

/**
 * The folder of `src/server` whose front door (`index.ts`) `file` is behind, when it has one: everything
 * outside such a folder imports it through that door. Today: payments.
 */
export const frontDoors = ['src/server/payments'];

const behindDoor = (file: string) => frontDoors.find((folder) => file.startsWith(`${folder}/`));

const ours = (target: Target) => (target.kind === 'ours' && !isLeaf(target.file) ? target : undefined);

/** The rules in the order they are reported; a refused import names the first rule it breaks. */
export const rules: Rule[] = [
  {
    name: 'nothing imports functions or scripts',
    check(from, target) {
      const t = ours(target);
      if (!t || (t.part !== 'function' && t.part !== 'script')) return undefined;
      if (partOf(from) === 'test' || (t.part === 'script' && partOf(from) === 'script')) return undefined;
      return `${t.part === 'function' ? 'netlify/functions' : 'scripts'} are entry points; move what is shared into src/server or src/lib`;
    },
  },
  {
    name: 'src/lib imports nothing of ours',
    check(from, target) {
      const t = ours(target);
      if (partOf(from) !== 'lib' || !t || t.part === 'lib') return undefined;
      return 'src/lib is pure and shared by browser and server: it may import only zod and the platform';
    },
  },
  {
    name: "src/lib imports zod, and Astro's types only",
    check(from, target, typeOnly) {
      if (partOf(from) !== 'lib' || target.kind !== 'package') return undefined;
      if (/^(zod|astro\/zod)(\/|$)/.test(target.name)) return undefined;
      // The content schemas are typed against Astro's helpers; a type import is erased when compiled.
      if (/^astro(:|\/)/.test(target.name) && typeOnly) return undefined;
      return /^astro(:|\/)/.test(target.name)
        ? 'src/lib runs outside Astro too (scripts, the functions): import only types from astro (import type)'
        : 'src/lib is pure and shared by browser and server: it may import only zod (and types of Astro)';
    },
  },
  {
    name: 'a folder with an index.ts is entered through it',
    check(from, target) {
      const t = ours(target);
      const door = t && behindDoor(t.file);
      if (!t || !door || from.startsWith(`${door}/`) || t.file === `${door}/index.ts`) return undefined;
      return `${door} is entered only through its index.ts: export what you need there`;
    },
  },
  {
    name: 'a contract imports only zod, src/lib and contracts',
    check(from, target) {
      if (partOf(from) !== 'contract') return undefined;
      if (target.kind === 'package') {
        return /^(zod|astro\/zod)(\/|$)/.test(target.name)
          ? undefined
          : 'a contract runs in the browser and the server';
      }
      const t = ours(target);
      if (!t || t.part === 'lib' || t.part === 'contract') return undefined;
      return 'a contract runs in the browser and the server, so it may lean only on src/lib and other contracts';
    },
  },
  {
    name: 'src/server imports src/lib and contracts only',
    check(from, target) {
      if (partOf(from) !== 'server') return undefined;
      if (target.kind === 'package') {
        return target.name === '@netlify/functions'
          ? 'only netlify/functions may import @netlify/functions (use src/server/http/edge-context.ts)'
          : undefined;
      }
      const t = ours(target);
      if (!t) return undefined;
      if (t.file.endsWith('.tsx')) return 'the server never imports a React component';
      if (t.part === 'server' || t.part === 'lib' || t.part === 'contract') return undefined;
      return `the server may import src/server, src/lib and features' *-contract.ts, not ${t.part} code`;
    },
  },
  {
    name: 'components/ui imports nothing from src/features',
    check(from, target) {
      const t = ours(target);
      if (partOf(from) !== 'ui' || !t) return undefined;
      if (t.part === 'ui' || t.part === 'lib') return undefined;
      return 'ui pieces sit below features: pass what they need as props or slots';
    },
  },
  {
    name: 'a feature imports its own folder, lower features, src/lib and contracts',
    check(from, target) {
      const t = ours(target);
      if (partOf(from) !== 'feature' || !t) return undefined;
      if (t.part === 'lib' || t.part === 'ui' || t.part === 'contract') return undefined;
      // The brochure runs at build only, never in the browser (no island imports it), and prints what
      // editors write in the faces the receipts use: the one feature that may lean on the server's
      // PDF typesetting.
      if (featureOf(from) === 'brochure' && t.file.startsWith('src/server/documents/')) return undefined;
      const feature = featureOf(t.file);
      const own = featureOf(from);
      if (t.part !== 'feature' || !feature || !own) return `a feature may not import ${t.part} code`;
      if (feature === own || floorOf(feature) < floorOf(own)) return undefined;
      return `${own} may import only features on a lower floor (see featureFloors), and ${feature} is not: move what it needs into a contract, src/lib or a lower feature`;
    },
  },
  {
    name: 'sections import ui, features and src/lib',
    check(from, target) {
      const t = ours(target);
      if (partOf(from) !== 'section' || !t) return undefined;
      if (['section', 'ui', 'feature', 'contract', 'lib'].includes(t.part)) return undefined;
      return `a section may not import ${t.part} code`;
    },
  },
  {
    name: 'pages and layouts import layouts, components, features and src/lib',
    check(from, target) {
      const t = ours(target);
      const part = partOf(from);
      if ((part !== 'page' && part !== 'layout') || !t) return undefined;
      if (['layout', 'section', 'ui', 'feature', 'contract', 'lib', 'other'].includes(t.part))
        return undefined;
      return `a ${part} may not import ${t.part} code`;
    },
  },
  {
    name: 'functions import src/server, src/lib and features',
    check(from, target) {
      const t = ours(target);
      if (partOf(from) !== 'function' || !t) return undefined;
      if (['server', 'lib', 'feature', 'contract'].includes(t.part)) return undefined;
      return `a function may not import ${t.part} code`;
    },
  },
  {
    name: 'scripts import src/server, src/lib and contracts',
    check(from, target) {
      const t = ours(target);
      if (partOf(from) !== 'script' || !t) return undefined;
      if (['server', 'lib', 'contract', 'script', 'other'].includes(t.part)) return undefined;
      // The seed and the benchmarks make their bookings the way the tests do, with the one builder.
      if (t.file === bookingScenario) return undefined;
      return `a script may not import ${t.part} code`;
    },
  },
];

/** The first rule an import breaks, if any. */
export function judgeImport(entry: Import, completePath?: (file: string) => string): Violation | undefined {
  const target = resolveTarget(entry, completePath);
  for (const rule of rules) {
    const reason = rule.check(entry.from, target, entry.typeOnly ?? false);
    if (reason)
      return {
        ...entry,
        target: target.kind === 'ours' ? target.file : target.name,
        rule: rule.name,
        reason,
      };
  }
  return undefined;
}

/**
 * The module specifiers a file imports (static, `export … from`, dynamic and `import type`). For an
 * `.astro` file: its frontmatter and its `<script>` elements, the only places it can import from.
 */
export function listSpecifiers(file: string, text: string): string[] {
  const sources = file.endsWith('.astro') ? astroScripts(text) : [text];
  return sources.flatMap((source) =>
    ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName),
  );
}

/**
 * The specifiers a file imports only types from: every import or re-export of them is `import type`
 * (or names only `type` members), so the compiled file does not import them at all.
 */
export function listTypeOnlySpecifiers(file: string, text: string): Set<string> {
  const sources = file.endsWith('.astro') ? astroScripts(text) : [text];
  const typeOnly = new Map<string, boolean>();
  for (const source of sources) {
    const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
    for (const statement of tree.statements) {
      let specifier: ts.Expression | undefined;
      let onlyTypes = false;
      if (ts.isImportDeclaration(statement)) {
        specifier = statement.moduleSpecifier;
        const clause = statement.importClause;
        const named = clause?.namedBindings;
        onlyTypes =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              !!named &&
              ts.isNamedImports(named) &&
              named.elements.length > 0 &&
              named.elements.every((element) => element.isTypeOnly)));
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
        specifier = statement.moduleSpecifier;
        onlyTypes = statement.isTypeOnly;
      }
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      typeOnly.set(specifier.text, (typeOnly.get(specifier.text) ?? true) && onlyTypes);
    }
  }
  // A dynamic import loads the module whatever the static imports say.
  for (const specifier of typeOnly.keys()) {
    if (text.includes(`import('${specifier}')`) || text.includes(`import("${specifier}")`))
      typeOnly.set(specifier, false);
  }
  return new Set([...typeOnly].filter(([, only]) => only).map(([specifier]) => specifier));
}

const roots = ['src', 'netlify', 'scripts', 'tests'];
const checked = /\.(ts|tsx|mts|astro)$/;
const skipped = /(^|\/)(node_modules|dist|\.astro|\.netlify|fixtures)(\/|$)/;

/** The files the check reads under `root`: repository-relative, `/`-separated, sorted. */
export function listCheckedFiles(root = '.'): string[] {
  return roots
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && checked.test(entry.name))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        ),
    )
    .filter((file) => !skipped.test(file))
    .sort();
}

/**
 * Every import of `files` (read from `root`, or given as text in `planted`, which also adds files):
 * the refused ones, and the imports between files of `src/server` (tests left out) the loop check reads.
 */
export function readImports(
  root = '.',
  files = listCheckedFiles(root),
  planted: Record<string, string> = {},
): { violations: Violation[]; serverImports: FileImport[] } {
  // An import written without its extension (as `.astro` files may) names the file that exists.
  const completePath = (file: string) => {
    if (/\.[a-z]+$/.test(file) && existsSync(path.join(root, file))) return file;
    const found = ['.ts', '.tsx', '.astro', '/index.ts']
      .map((end) => file + end)
      .find((f) => existsSync(path.join(root, f)));
    return found ?? file;
  };
  const violations: Violation[] = [];
  const serverImports: FileImport[] = [];
  for (const file of [...new Set([...files, ...Object.keys(planted)])]) {
    const text = planted[file] ?? readFileSync(path.join(root, file), 'utf8');
    const inServer = file.startsWith('src/server/') && !/\.test\.ts$/.test(file);
    const typeOnly = listTypeOnlySpecifiers(file, text);
    for (const specifier of listSpecifiers(file, text)) {
      const entry = { from: file, specifier, typeOnly: typeOnly.has(specifier) };
      const violation = judgeImport(entry, completePath);
      if (violation) violations.push(violation);
      const target = resolveTarget(entry, completePath);
      if (inServer && target.kind === 'ours') serverImports.push({ from: file, target: target.file });
    }
  }
  return { violations, serverImports };
}

function astroScripts(text: string): string[] {
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  return [...(frontmatter === undefined ? [] : [frontmatter]), ...scripts];
}

/** One import between two repository files, as the cycle check reads it. */
export type FileImport = { from: string; target: string };

/**
 * Folders of `src/server` that import each other, directly or round a ring, at one depth: all of them,
 * and one shortest ring through the first, an import for each step (the file and what it imports).
 */
export type FolderCycle = { folders: string[]; ring: FileImport[] };

/**
 * `src/server/<folder>/…` → `<folder>`, however deep; a file directly in `src/server` (`config.ts`)
 * stands on its own, as a folder of one. With `depth`, the folder that many levels down instead
 * (`booking/payments`), or a shallower file's own folder (`booking` for `booking/hold-service.ts`).
 */
export function serverFolderOf(file: string, depth = 1): string | undefined {
  const inside = /^src\/server\/(.+)$/.exec(file)?.[1];
  if (!inside) return undefined;
  const parts = inside.split('/');
  if (parts.length === 1) return inside;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

/**
 * The loops between folders of `src/server` (tests left out), at every depth: the top folders (a nested
 * folder counted as its top one), then at each depth below, a folder and the folders inside it each on
 * their own (`booking` and `booking/payments`), so a folder that imports back into its parent is a loop
 * too. A folder may import itself freely; folders that import one another cannot be read, tested or
 * moved one at a time, so imports between two folders run one way. A loop seen at a shallower depth is
 * reported once.
 */
export function findFolderCycles(imports: readonly FileImport[]): FolderCycle[] {
  const deepest = Math.max(
    1,
    ...imports.flatMap(({ from, target }) =>
      [from, target]
        .filter((file) => file.startsWith('src/server/'))
        .map((file) => file.split('/').length - 3),
    ),
  );
  const seen = new Set<string>();
  const cycles: FolderCycle[] = [];
  for (let depth = 1; depth <= deepest; depth++) {
    for (const cycle of findCyclesAtDepth(imports, depth)) {
      const key = cycle.folders.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(cycle);
    }
  }
  return cycles;
}

function findCyclesAtDepth(imports: readonly FileImport[], depth: number): FolderCycle[] {
  const edges = new Map<string, Map<string, FileImport>>();
  for (const entry of imports) {
    const from = serverFolderOf(entry.from, depth);
    const to = serverFolderOf(entry.target, depth);
    if (!from || !to || from === to) continue;
    const out = edges.get(from) ?? new Map<string, FileImport>();
    if (!out.has(to)) out.set(to, entry);
    edges.set(from, out);
  }
  const next = (folder: string) => [...(edges.get(folder)?.keys() ?? [])].sort();
  return stronglyConnected([...edges.keys()].sort(), next)
    .filter((group) => group.length > 1)
    .map((group) => {
      const ring = ringThrough(group, next);
      const steps = ring.map((folder, index) => {
        const to = ring[(index + 1) % ring.length] as string;
        return edges.get(folder)?.get(to) as FileImport;
      });
      return { folders: group, ring: steps };
    });
}

/** Tarjan's strongly connected components, each sorted by name. */
function stronglyConnected(nodes: string[], next: (node: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    groups.push(group.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/**
 * A shortest loop inside one strongly connected group, from its first folder back to it (breadth
 * first, so the printed ring is the tightest one, not a tour of the whole group).
 */
function ringThrough(group: string[], next: (node: string) => string[]): string[] {
  const start = group[0] as string;
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    for (const to of next(folder)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const ring = [folder];
        while (ring[0] !== start) ring.unshift(cameFrom.get(ring[0] as string) as string);
        return ring;
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, folder);
        queue.push(to);
      }
    }
  }
  return group;
}
