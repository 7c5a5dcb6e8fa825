import type { FastifyRequest } from 'fastify';
import { hasModule, type TSessionUser } from '@apron/core';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error';
import type { ChatApplicantLookup } from '../waitlist/index';

export interface ChatApplicant {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Who is speaking in one conversation: staff of the wait list, or the applicant themself. */
export type ChatCaller =
  | { side: 'staff'; user: TSessionUser; applicant: ChatApplicant; requestId: string }
  | { side: 'applicant'; user: TSessionUser | null; applicant: ChatApplicant; requestId: string };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The chat's access rule (issue 11 item 9): staff holding the Waitlist module, and the applicant —
 * through their private link's token or signed in with the applicant's e-mail — and nobody else.
 * No session and no token: 401. Staff without the module: 403. Anyone else, a token of another
 * applicant, or an unknown id: 404 (a conversation's existence is not disclosed).
 */
export async function resolveChatCaller(findApplicant: ChatApplicantLookup, request: FastifyRequest, applicantId: string, token: string | undefined): Promise<ChatCaller> {
  const user = request.user;
  if (!user && !token) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  const requestId = request.id;
  if (hasModule(user, 'Waitlist')) {
    const applicant = await findApplicant(applicantId);
    if (!applicant) throw notFound('Conversation not found');
    return { side: 'staff', user: user!, applicant, requestId };
  }
  // One statement finds the applicant and checks the private link's token.
  const found = await findApplicant(applicantId, token);
  if (found && (found.tokenMatches || (user && found.email && sameEmail(user.email, found.email)))) {
    const { tokenMatches: _checked, ...applicant } = found;
    return { side: 'applicant', user, applicant, requestId };
  }
  if (user?.isInternal && !token) throw forbidden();
  throw notFound('Conversation not found');
}

export function isStaff(caller: ChatCaller): caller is Extract<ChatCaller, { side: 'staff' }> {
  return caller.side === 'staff';
}
