import { describe, expect, it } from 'vitest';
import { findFolderCycles, judgeImport, listSpecifiers } from '../../scripts/support/import-rules.ts';

const ruleBroken = (from: string, specifier: string) => judgeImport({ from, specifier })?.rule;

describe('the import-boundary rules', () => {
  it.each([
    ['src/lib/money.ts', '../server/config.ts', 'src/lib imports nothing of ours'],
    ['src/lib/money.ts', '../features/booking/booking-contract.ts', 'src/lib imports nothing of ours'],
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

  it.each([
    ['src/lib/money.ts', 'zod'],
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
      step('src/server/refusal.ts', 'src/server/booking/booking-repository.ts'),
      step('src/server/health.ts', 'src/server/db/database.ts'),
      step('src/server/db/database.ts', 'src/server/config.ts'),
    ]);
    expect(cycles.map(({ folders }) => folders)).toEqual([['booking', 'refusal.ts']]);
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
