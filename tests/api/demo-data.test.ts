import { describe, expect, inject, it } from 'vitest';
import { seedDemoData } from '../../scripts/demo-data.ts';
import { ownerQuery } from '../support/sql.ts';

/** The demo rows of npm run seed:demo, on the shared test database (tests only count their own rows). */
describe('seedDemoData', () => {
  it('adds buyers’ enquiries across the sales stages, each past a viewing with the viewing’s time', async () => {
    const before = new Date();
    // No confirmed stay: the demo's would take real properties' nights that other tests confirm.
    const counts = await seedDemoData(inject('databaseUrl'), 1, { confirmedShare: 0, buyerEnquiries: 60 });
    expect(counts).toMatchObject({ buyer_enquiries: 60, contact_messages: 1 });

    // The demo's buyers, told apart by their numbered addresses (no test writes one like it).
    const seeded = await ownerQuery<{
      stage: string;
      viewing_at: Date | null;
      intent: string;
      slots: number | null;
    }>(
      `select stage, viewing_at, intent, cardinality(viewing_slots) as slots from buyer_enquiries
       where email ~ '^[a-z]+\\.[a-z]+[0-9]+@example\\.(com|org|net|in)$' and created_at < $1`,
      [before],
    );
    expect(seeded.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seeded.map((row) => row.stage)).size).toBeGreaterThanOrEqual(3);
    for (const row of seeded) {
      if (['viewing-arranged', 'offer', 'sold'].includes(row.stage)) expect(row.viewing_at).not.toBeNull();
      expect(row.slots).toBe(row.intent === 'viewing' ? 2 : null);
    }
  });
});
