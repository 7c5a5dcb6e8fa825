import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findAccountByEmail } from '../../platform/auth/accounts.repo';
import { createChatApplicantLookup } from '../waitlist/index';
import { chatMessages } from './chat.table';

// The demo administrator holds every module, Waitlist included.
const STAFF_EMAIL = 'admin@demo.apron.test';

/** Short exchanges: applicant (false) and staff (true) lines, oldest first. */
const SCRIPTS: Array<Array<[boolean, string]>> = [
  [
    [false, 'Hello, is there any news on the T-hangar list? I am flying a Cessna 182.'],
    [true, 'Hi! You moved up two places this month. We expect an opening in the spring.'],
    [false, 'Great, thank you. Can I send you my insurance certificate already?'],
  ],
  [
    [true, 'Good morning, we have a box hangar viewing on Friday at 10:00. Would that suit you?'],
    [false, 'Yes, I will be there. Should I bring anything?'],
    [true, 'Just a photo ID. See you Friday.'],
  ],
  [[false, 'My phone number changed, it is now 7755550199.']],
  [
    [false, 'Is the wait list fee refundable if I find a hangar elsewhere?'],
    [true, 'It is not refundable, but you keep your place if you want to stay on the list.'],
  ],
];

/**
 * A few conversations on the demo wait list (issue 11 item 13), the latest message of each
 * applicant's left unread so the type grid shows badges. Idempotent: nothing is added once any
 * chat message exists. `applicantIds`: demo applicants to talk to (the waitlist seed's).
 */
export async function seedDemoConversations(db: DbOrTx, applicantIds: string[]): Promise<{ messages: number }> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(chatMessages);
  if (n > 0 || applicantIds.length === 0) return { messages: 0 };
  const staff = await findAccountByEmail(db, STAFF_EMAIL);
  const staffName = staff ? `${staff.givenName} ${staff.familyName}`.trim() : 'Airport Staff';
  const rows: Array<typeof chatMessages.$inferInsert> = [];
  const findApplicant = createChatApplicantLookup(db);
  for (const [index, applicantId] of applicantIds.slice(0, SCRIPTS.length).entries()) {
    const applicant = await findApplicant(applicantId);
    if (!applicant) continue;
    const script = SCRIPTS[index]!;
    script.forEach(([isAdmin, content], line) => {
      // Spread over the last few days, a few hours apart; the last applicant line stays unread.
      const createdAt = new Date(Date.now() - (index + 1) * 86_400_000 + line * 3 * 3_600_000);
      rows.push({
        applicantId,
        isAdmin,
        authorId: isAdmin ? (staff?.id ?? null) : null,
        authorEmail: isAdmin ? STAFF_EMAIL : applicant.email,
        authorName: isAdmin ? staffName : `${applicant.firstName} ${applicant.lastName}`,
        content,
        createdAt,
        readAt: !isAdmin && line === script.length - 1 ? null : createdAt,
      });
    });
  }
  if (rows.length) await db.insert(chatMessages).values(rows);
  return { messages: rows.length };
}
