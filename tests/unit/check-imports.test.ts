import { describe, expect, it } from 'vitest';
import {
  findFolderCycles,
  judgeImport,
  listSpecifiers,
  listTypeOnlySpecifiers,
  readImports,
} from '../../scripts/support/import-rules.ts';

const ruleBroken = (from: string, specifier: string, typeOnly = false) =>
  judgeImport({ from, specifier, typeOnly })?.rule;

describe('the import-boundary rules', () => {
  it.each([
    ['src/lib/money.ts', '../server/config.ts', 'src/lib imports nothing of ours'],
    ['src/lib/money.ts', '../features/booking/booking-contract.ts', 'src/lib imports nothing of ours'],
    ['src/lib/content-schemas.ts', 'astro:content', "src/lib imports zod, and Astro's types only"],
    ['src/lib/money.ts', 'react', "src/lib imports zod, and Astro's types only"],
    [
      'src/server/booking/x.ts',
      '../payments/online-payments.ts',
      'a folder with an index.ts is entered through it',
    ],
    [
      'netlify/functions/pay.mts',
      '../../src/server/payments/providers/choose-provider.ts',
      'a folder with an index.ts is entered through it',
    ],
    [
      'tests/api/x.test.ts',
      '../../src/server/payments/providers/stand-in/stand-in-server.ts',
      'a folder with an index.ts is entered through it',
    ],
    [
      'src/server/booking/x.ts',
      '../../features/booking/BookingForm.tsx',
      'src/server imports src/lib and contracts only',
    ],
    [
      'src/server/booking/x.ts',
      '../../features/booking/stay-words.ts',
      'src/server imports src/lib and contracts only',
    ],
    ['src/server/booking/x.ts', '@netlify/functions', 'src/server imports src/lib and contracts only'],
    [
      'src/components/ui/FormSlot.astro',
      '../../features/forms/form-slot.ts',
      'components/ui imports nothing from src/features',
    ],
    [
      'src/features/auth/LoginForm.tsx',
      '../booking/BookingForm.tsx',
      'a feature imports its own folder, lower features, src/lib and contracts',
    ],
    [
      'src/features/account/AccountBookings.tsx',
      '../admin/RowsTable.tsx',
      'a feature imports its own folder, lower features, src/lib and contracts',
    ],
    [
      'src/features/booking/booking-contract.ts',
      'react',
      'a contract imports only zod, src/lib and contracts',
    ],
    [
      'src/features/booking/booking-contract.ts',
      './stay-words.ts',
      'a contract imports only zod, src/lib and contracts',
    ],
    ['src/server/db/x.ts', '../../../scripts/support/raw-client.ts', 'nothing imports functions or scripts'],
    ['scripts/seed.ts', '../tests/support/sql.ts', 'scripts import src/server, src/lib and contracts'],
    [
      'src/pages/index.astro',
      '../server/config.ts',
      'pages and layouts import layouts, components, features and src/lib',
    ],
    // Only the brochure, made at build, prints with the server's typesetting; no island may.
    [
      'src/features/gallery/Gallery.tsx',
      '../../server/documents/script-fonts.ts',
      'a feature imports its own folder, lower features, src/lib and contracts',
    ],
    [
      'src/features/brochure/make-brochure.ts',
      '../../server/config.ts',
      'a feature imports its own folder, lower features, src/lib and contracts',
    ],
  ])('refuses %s → %s (%s)', (from, specifier, rule) => {
    expect(ruleBroken(from, specifier)).toBe(rule);
  });

  it('allows src/lib the types of Astro, which compiling erases', () => {
    expect(ruleBroken('src/lib/content-schemas.ts', 'astro:content', true)).toBeUndefined();
    expect(ruleBroken('src/lib/sale-law-loader.ts', 'astro/loaders', true)).toBeUndefined();
  });

  it.each([
    ['src/lib/money.ts', 'zod'],
    ['src/lib/content-schemas.ts', 'astro/zod'],
    ['src/server/booking/x.ts', '../payments/index.ts'],
    ['src/server/payments/online-payments.ts', './providers/choose-provider.ts'],
    ['src/server/payments/providers/stripe-provider.ts', './payment-provider.ts'],
    ['src/lib/pricing.ts', './dates.ts'],
    ['src/server/booking/x.ts', '../../features/booking/booking-contract.ts'],
    ['src/server/booking/x.ts', '../../lib/pricing.ts'],
    ['src/features/booking/BookingForm.tsx', '../api/client.ts'],
    ['src/features/booking/BookingForm.tsx', '../auth/use-session.ts'],
    ['src/features/account/AccountBookings.tsx', '../booking/QuoteDetails.tsx'],
    ['src/features/contact-message/ContactMessageForm.tsx', '../forms/use-schema-form.ts'],
    ['src/features/admin/ListFilters.tsx', '../booking/booking-contract.ts'],
    ['src/features/booking/booking-contract.ts', '../../lib/api-contract.ts'],
    ['netlify/functions/contact-messages.mts', '../../src/features/contact-message/ContactMessageForm.tsx'],
    ['netlify/functions/health.mts', '@netlify/functions'],
    ['tests/unit/x.test.ts', '../../scripts/serve.ts'],
    ['scripts/serve.ts', './support/served-site.ts'],
    ['scripts/demo-data.ts', '../tests/support/booking-scenario.ts'],
    ['src/components/sections/Hero.astro', '../../styles/global.scss'],
    ['src/features/brochure/make-brochure.ts', '../../server/documents/script-fonts.ts'],
  ])('allows %s → %s', (from, specifier) => {
    expect(ruleBroken(from, specifier)).toBeUndefined();
  });
});

describe('listTypeOnlySpecifiers', () => {
  it('names what a file imports only types from, however the types are spelled', () => {
    const text = [
      "import type { A } from 'astro:content';",
      "import { type B } from './b.ts';",
      "import { type C, d } from './c.ts';",
      "import type { E } from './e.ts';",
      "import { e } from './e.ts';",
      "export type { F } from './f.ts';",
      "import type { G } from './g.ts';",
      "const g = await import('./g.ts');",
    ].join('\n');
    expect([...listTypeOnlySpecifiers('src/lib/x.ts', text)].sort()).toEqual([
      './b.ts',
      './f.ts',
      'astro:content',
    ]);
  });
});

describe('listSpecifiers', () => {
  it('reads static, type-only, re-exported and dynamic imports', () => {
    const text = `import a from './a.ts';\nimport type { B } from './b.ts';\nexport * from './c.ts';\nawait import('./d.ts');`;
    expect(listSpecifiers('src/lib/x.ts', text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts']);
  });

  it("reads an .astro file's frontmatter and scripts, not its markup", () => {
    const text = `---\nimport Photo from '../ui/Photo.astro';\n---\n<p>import x from './not-code'</p>\n<script>\nimport { start } from '../../features/carousel/carousel-state.ts';\n</script>`;
    expect(listSpecifiers('src/components/sections/Hero.astro', text)).toEqual([
      '../ui/Photo.astro',
      '../../features/carousel/carousel-state.ts',
    ]);
  });
});

describe('findFolderCycles', () => {
  const step = (from: string, target: string) => ({ from, target });

  it('finds folders of src/server that import each other, with an import for each step', () => {
    const cycles = findFolderCycles([
      step('src/server/admin/items.ts', 'src/server/booking/status.ts'),
      step('src/server/booking/status.ts', 'src/server/payments/ledger.ts'),
      step('src/server/payments/ledger.ts', 'src/server/admin/access.ts'),
      step('src/server/payments/ledger.ts', 'src/server/db/database.ts'),
    ]);
    expect(cycles).toEqual([
      {
        folders: ['admin', 'booking', 'payments'],
        ring: [
          step('src/server/admin/items.ts', 'src/server/booking/status.ts'),
          step('src/server/booking/status.ts', 'src/server/payments/ledger.ts'),
          step('src/server/payments/ledger.ts', 'src/server/admin/access.ts'),
        ],
      },
    ]);
  });

  it('counts a nested folder as its top folder, and a file of src/server itself as a folder of one', () => {
    const cycles = findFolderCycles([
      step('src/server/booking/payments/payment-service.ts', 'src/server/refusal.ts'),
      step('src/server/refusal.ts', 'src/server/booking/request-repository.ts'),
      step('src/server/health.ts', 'src/server/db/database.ts'),
      step('src/server/db/database.ts', 'src/server/config.ts'),
    ]);
    expect(cycles.map(({ folders }) => folders)).toEqual([['booking', 'refusal.ts']]);
  });

  it('counts a folder that imports back into its parent as a loop, at any depth', () => {
    const cycles = findFolderCycles([
      step('src/server/booking/hold-service.ts', 'src/server/booking/payments/refund-repository.ts'),
      step('src/server/booking/payments/online-payments.ts', 'src/server/booking/hold-service.ts'),
      step('src/server/booking/payments/providers/stripe.ts', 'src/server/booking/payments/provider.ts'),
      step('src/server/booking/payments/index.ts', 'src/server/booking/payments/providers/stripe.ts'),
    ]);
    expect(cycles.map(({ folders }) => folders)).toEqual([
      ['booking', 'booking/payments'],
      ['booking', 'booking/payments', 'booking/payments/providers'],
    ]);
    expect(cycles[0]?.ring).toEqual([
      step('src/server/booking/hold-service.ts', 'src/server/booking/payments/refund-repository.ts'),
      step('src/server/booking/payments/online-payments.ts', 'src/server/booking/hold-service.ts'),
    ]);
  });

  it('allows imports inside a folder and imports that run one way', () => {
    expect(
      findFolderCycles([
        step('src/server/booking/request-service.ts', 'src/server/booking/booking-repository.ts'),
        step('src/server/booking/booking-repository.ts', 'src/server/booking/request-service.ts'),
        step('src/server/admin/admin-items.ts', 'src/server/booking/status-service.ts'),
        step('src/server/booking/status-service.ts', 'src/server/db/database.ts'),
        step('src/server/admin/admin-items.ts', 'src/lib/dates.ts'),
        step('src/lib/dates.ts', 'src/server/admin/admin-items.ts'),
      ]),
    ).toEqual([]);
  });
});

describe('the repository as it stands', () => {
  const repository = readImports();

  it('breaks no rule and has no loop between folders of src/server', () => {
    expect(repository.violations).toEqual([]);
    expect(findFolderCycles(repository.serverImports)).toEqual([]);
  });

  it('refuses an import planted in payments that reaches back into booking', () => {
    const planted = readImports('.', [], {
      'src/server/payments/planted.ts':
        "import { selectBookingMoney } from '../booking/money-repository.ts';\nexport const planted = selectBookingMoney;\n",
    });
    const cycles = findFolderCycles([...repository.serverImports, ...planted.serverImports]);
    expect(cycles.map(({ folders }) => folders)).toContainEqual(['booking', 'payments']);
  });

  it('refuses booking reaching past the front door of payments', () => {
    const planted = readImports('.', [], {
      'src/server/booking/planted.ts': "import { settleSession } from '../payments/online-payments.ts';\n",
    });
    expect(planted.violations.map(({ rule }) => rule)).toEqual([
      'a folder with an index.ts is entered through it',
    ]);
  });
});
