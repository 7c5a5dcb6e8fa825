import type { FastifyRequest } from 'fastify';
import type { TSessionUser } from '@apron/core';
import { AppError } from '../errors/app-error';
import type { AuditActor } from './audit';

/** The actor of a route that lets only signed-in callers in: the session's user is always there. */
export interface SignedInActor extends AuditActor {
  user: TSessionUser;
  requestId: string;
}

/** Who made a request, for the audit log: the signed-in user (null on a public call) and the request id. */
export function actorOf(request: FastifyRequest): AuditActor {
  return { user: request.user, requestId: request.id };
}

/**
 * The actor of a route whose access rule needs a signed-in user (`signedIn`, `internal`,
 * `module:X`, `admin:X`, a policy): the access plugin answered 401 before the handler ran
 * otherwise, so the 401 here is only a guard against a route declared `public` by mistake.
 */
export function signedInActorOf(request: FastifyRequest): SignedInActor {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return { user: request.user, requestId: request.id };
}
