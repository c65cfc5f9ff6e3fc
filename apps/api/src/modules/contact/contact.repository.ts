import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export type NewContactMessage = typeof contactMessages.$inferInsert;

/** Keeps a contact-us message (the support mail may fail; the message is not lost). */
export async function insertContactMessage(db: DbOrTx, values: NewContactMessage): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!;
}
