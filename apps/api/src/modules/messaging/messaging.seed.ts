import { and, eq } from 'drizzle-orm';
import { subHours, subMinutes } from 'date-fns';
import type { DemoSeeder } from '../../db/seed/demo.ts';
import { conversationParticipants, conversations, messages, tenders } from '../../db/schema/index.ts';

/**
 * Demo conversations (after the listings seeder): the demo buyer and the demo supplier talk about
 * the buyer's open steel-frame tender, and the buyer asks the Core supplier about timber, so
 * Messages on both sides shows real threads (the last message of each is unread by its recipient).
 */
export const seedConversations: DemoSeeder = async (db, accounts) => {
  const buyer = accounts.get('buyer@brickyard.test');
  const supplier = accounts.get('supplier@brickyard.test');
  const coreSupplier = accounts.get('core-supplier@brickyard.test');
  if (!buyer || !supplier || !coreSupplier) return;
  const now = new Date();
  const open = await db
    .select({ id: tenders.id, title: tenders.title })
    .from(tenders)
    .where(and(eq(tenders.userId, buyer), eq(tenders.status, 'active')));
  const steel = open.find((t) => /steel/i.test(t.title)) ?? open[0];
  const timber = open.find((t) => /window|timber/i.test(t.title)) ?? null;

  const threads: Array<{
    other: string;
    tenderId: string | null;
    lines: Array<[from: 'buyer' | 'other', text: string, minutesAgo: number]>;
  }> = [
    {
      other: supplier,
      tenderId: steel?.id ?? null,
      lines: [
        [
          'other',
          'Hello Bea, we fabricate to EXC2 and can take the three phased drops. Is the connection design with you or with us?',
          26 * 60,
        ],
        [
          'buyer',
          'With you, please: our engineer issues the member forces next week. Could you hold a slot for the first drop in six weeks?',
          25 * 60,
        ],
        [
          'other',
          'Yes, we can hold week 6. I will send our method statement and the galvanising programme with the quote.',
          3 * 60,
        ],
        ['buyer', 'Thank you. Please include the intumescent-ready primer spec too.', 40],
      ],
    },
    {
      other: coreSupplier,
      tenderId: timber?.id ?? null,
      lines: [
        [
          'buyer',
          'Hi Cara, could you quote PEFC softwood for the window surrounds? About 3 m³, delivered to Salford.',
          5 * 60,
        ],
        ['other', 'Happy to. We have C24 in stock and can deliver within 10 working days.', 2 * 60],
      ],
    },
  ];

  await db.transaction(async (tx) => {
    for (const th of threads) {
      const [low, high] = buyer < th.other ? [buyer, th.other] : [th.other, buyer];
      const [c] = await tx
        .insert(conversations)
        .values({ userLowId: low, userHighId: high, tenderId: th.tenderId, createdAt: subHours(now, 27) })
        .returning({ id: conversations.id });
      await tx.insert(conversationParticipants).values([
        { conversationId: c!.id, userId: buyer },
        { conversationId: c!.id, userId: th.other },
      ]);
      const rows = await tx
        .insert(messages)
        .values(
          th.lines.map(([from, text, minutesAgo], i) => {
            const at = subMinutes(now, minutesAgo);
            const last = i === th.lines.length - 1;
            return {
              conversationId: c!.id,
              senderId: from === 'buyer' ? buyer : th.other,
              recipientId: from === 'buyer' ? th.other : buyer,
              text,
              createdAt: at,
              readAt: last ? null : at,
            };
          }),
        )
        .returning({ id: messages.id, createdAt: messages.createdAt });
      const newest = rows.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
      await tx
        .update(conversations)
        .set({ lastMessageId: newest.id, lastMessageAt: newest.createdAt })
        .where(eq(conversations.id, c!.id));
    }
  });
};
