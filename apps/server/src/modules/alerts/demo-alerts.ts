import { and, count, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findAccountByEmail } from '../../platform/auth/accounts.repo';
import { findInternalRecipients } from '../../platform/auth/audiences';
import { sanitizeRichText } from '../../platform/html/index';
import { insertAlert } from './alerts.repo';
import { alerts } from './alerts.table';

const DEMO_ADMIN_EMAIL = 'admin@demo.apron.test';

const DEMO_ALERTS = [
  {
    subject: 'Runway 16/34 closed Tuesday 6-9 AM',
    body: '<h2>Runway maintenance</h2><p>Runway <strong>16/34</strong> is closed on Tuesday from 6 to 9 AM for crack sealing.</p><ul><li>Use runway 9/27</li><li>NOTAM filed</li></ul>',
  },
  {
    subject: 'Quarterly invoices go out on the 1st',
    body: '<p>Quarterly rent invoices are generated on the <em>1st</em>. Please check new agreements have an invoice cycle.</p>',
  },
  {
    subject: 'Fuel farm inspection this Friday',
    body: '<p>The fuel farm inspection is this Friday. See the <a href="https://www.faa.gov/airports">FAA airports page</a> for the checklist.</p>',
  },
];

/** A few staff alerts from the demo administrator to the internal group; only when none exist. */
export async function seedDemoAlerts(db: Db, config: Pick<Config, 'demo'>): Promise<{ alerts: number }> {
  if (!config.demo) return { alerts: 0 };
  const admin = await findAccountByEmail(db, DEMO_ADMIN_EMAIL);
  if (!admin) return { alerts: 0 };
  const [existing] = await db.select({ n: count() }).from(alerts).where(and(eq(alerts.kind, 'notification'), eq(alerts.createdBy, admin.id)));
  if ((existing?.n ?? 0) > 0) return { alerts: 0 };
  const recipients = (await findInternalRecipients(db)).map((r) => r.id);
  await db.transaction(async (tx) => {
    for (const alert of DEMO_ALERTS) {
      await insertAlert(tx, { kind: 'notification', subject: alert.subject, body: sanitizeRichText(alert.body), createdBy: admin.id }, recipients);
    }
  });
  return { alerts: DEMO_ALERTS.length };
}
