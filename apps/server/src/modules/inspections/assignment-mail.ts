import type { Tx } from '../../db/client';
import { queueMail } from '../../platform/mail/index';
import { findAccountByEmail, insertAccount, sendInvitation } from '../accounts/index';

/**
 * Tell the inspector (PRODUCT-RULES 18: rendered here from stored data). Anyone may be an
 * inspector by e-mail: without an account for that e-mail, an external account (no company, no
 * module) is created and invited, so the link can be opened after choosing a password.
 */
export async function sendAssignmentMail(
  tx: Tx,
  publicUrl: string,
  inspection: { id: string; masterName: string; subjectName: string; inspectorName: string; inspectorEmail: string },
): Promise<void> {
  let account = await findAccountByEmail(tx, inspection.inspectorEmail);
  if (!account) {
    const [givenName, ...rest] = inspection.inspectorName.split(/\s+/);
    account = await insertAccount(tx, {
      email: inspection.inspectorEmail,
      givenName: givenName ?? '',
      familyName: rest.join(' '),
      isInternal: false,
      isAdmin: false,
      modules: [],
      companyId: null,
    });
    await sendInvitation(tx, publicUrl, account);
  }
  const link = `${publicUrl}/inspection/my/${inspection.id}`;
  const about = inspection.subjectName ? `${inspection.masterName} for ${inspection.subjectName}` : inspection.masterName;
  await queueMail(tx, {
    to: [inspection.inspectorEmail],
    subject: `Inspection assigned: ${about}`,
    text: [`Hello ${inspection.inspectorName},`, '', `You have been assigned the inspection "${about}".`, '', 'Open it here to fill in the form:', link].join('\n'),
    kind: 'inspection-assigned',
    ref: `inspection:${inspection.id}`,
  });
}
