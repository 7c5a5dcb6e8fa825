import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createFileStorage } from '../../platform/files/index';
import * as repo from './waitlist.repo';
import { waitlistApplicants } from './waitlist.table';

const FIRST = ['Jordan', 'Casey', 'Morgan', 'Riley', 'Quinn', 'Harper', 'Rowan', 'Emerson', 'Sage', 'Dakota', 'Reese', 'Parker'];
const LAST = ['Alvarez', 'Bennett', 'Chen', 'Delgado', 'Eriksen', 'Fischer', 'Garcia', 'Hughes', 'Iverson', 'Jensen', 'Kowalski', 'Larsen'];
const ORGS = ['Sierra Flyers Club', 'High Desert Aero', 'Washoe Flight School', '', 'Carson Valley Ag', 'Tahoe Air Taxi'];
const AIRCRAFT = ['Cessna 172', 'Piper Cherokee', 'Beechcraft Bonanza', 'Cirrus SR22', 'Citation CJ3', 'Robinson R44'];
const STATUSES = ['Paid', 'Paid', 'Unpaid', 'InProgress'] as const;

/** A one-page PDF written by hand (no renderer needed for a demo fact sheet). */
export function demoFactSheetPdf(): Buffer {
  const text = 'Apron Municipal Airport - Hangar fact sheet: T-Hangars 42 x 12 ft, Box Hangars 60 x 60 ft, power and lighting, 24/7 access.';
  const stream = `BT /F1 11 Tf 40 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Demo data (issue 11 item 13): a wait list for every hangar type (a dozen people over the last
 * months, some this week) and a fact sheet. Idempotent: nothing is added once anyone waits.
 */
export async function seedDemoWaitlist(db: Db, config: Pick<Config, 'dataDir' | 's3'>): Promise<{ applicants: number }> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(waitlistApplicants);
  if (n > 0) return { applicants: 0 };
  const types = (await repo.listPropertyTypeOptions(db)).filter((t) => /hangar/i.test(t.name));
  const rows = types.flatMap((type, t) =>
    Array.from({ length: 12 }, (_, i) => {
      // Oldest first, about nine days apart; the last two joined in the last day or so.
      const daysAgo = i >= 10 ? (11 - i) * 0.5 + t * 0.0005 + 0.0005 : (12 - i) * 9 + t;
      const joinedAt = new Date(Date.now() - daysAgo * 86_400_000);
      const first = FIRST[(i + t * 5) % FIRST.length]!;
      const last = LAST[(i * 7 + t) % LAST.length]!;
      return {
        propertyTypeId: type.id,
        aircraftType: AIRCRAFT[(i + t) % AIRCRAFT.length]!,
        firstName: first,
        lastName: last,
        phone: `77555501${String(i + t * 12).padStart(2, '0')}`,
        email: `${first}.${last}.${t}${i}@example.test`.toLowerCase(),
        organization: ORGS[(i + t) % ORGS.length]!,
        status: STATUSES[i % STATUSES.length]!,
        joinedAt,
        queuedAt: joinedAt,
        privateTokenHash: repo.newPrivateToken().hash,
      };
    }),
  );
  if (rows.length) await db.insert(waitlistApplicants).values(rows);
  if (!(await repo.currentFactSheet(db))) {
    const storage = createFileStorage(config);
    const pdf = demoFactSheetPdf();
    const storageKey = 'factsheets/demo-fact-sheet';
    await storage.put(storageKey, pdf, 'application/pdf');
    await repo.insertFactSheet(db, { name: 'hangar-fact-sheet.pdf', size: pdf.length, storageKey });
  }
  return { applicants: rows.length };
}

/**
 * A few demo applicants for other modules' demo data (the chat's demo conversations): the
 * earliest to join, one per hangar type first, as ids. Added by the chat engineer (issue 11 item 13).
 */
export async function demoApplicantIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: waitlistApplicants.id })
    .from(waitlistApplicants)
    .orderBy(sql`row_number() over (partition by ${waitlistApplicants.propertyTypeId} order by ${waitlistApplicants.joinedAt}, ${waitlistApplicants.id})`, waitlistApplicants.joinedAt, waitlistApplicants.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
