import { randomUUID } from 'node:crypto';
import type { CareerApplication } from '../../features/career-application/career-application-contract.ts';
import type { Transaction } from '../db/database.ts';

/**
 * Stores an application. The id is made here rather than returned by the insert, because `anon` may
 * insert but not read the table, and RETURNING needs read access.
 */
export async function insertCareerApplication(
  tx: Transaction,
  application: CareerApplication,
): Promise<{ id: string }> {
  const id = randomUUID();
  await tx.query(
    `insert into public.career_applications (id, name, email, phone, qualification, position, cover_note)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      application.name,
      application.email,
      application.phone,
      application.qualification,
      application.position,
      application.coverNote ?? null,
    ],
  );
  return { id };
}
