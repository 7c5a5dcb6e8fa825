import { and, eq, sql, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, PAYMENT_MESSAGES } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { cte } from '../../db/prepared';
import { AppError, fieldError } from '../errors/app-error';
import { idempotentAnswers } from './idempotency.table';

export { idempotentAnswers } from './idempotency.table';

/**
 * Idempotency-Key, the one mechanism of every money write (PRODUCT-RULES 29): a replay of a key
 * gets the first answer (status and body), whoever wins a race. Writes with an attempt row of
 * their own (card payments, wait-list joins, parking requests) keep their answer there; the others
 * keep it in `idempotent_answers`, written in the write's own transaction.
 */

/** The request's Idempotency-Key: 8-100 visible characters; null when absent and not required. */
export function idempotencyKeyOf(request: FastifyRequest, required: true): string;
export function idempotencyKeyOf(request: FastifyRequest, required: false): string | null;
export function idempotencyKeyOf(request: FastifyRequest, required: boolean): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) {
    if (required) throw fieldError('idempotencyKey', PAYMENT_MESSAGES.idempotencyRequired);
    return null;
  }
  if (!/^[\x21-\x7e]{8,100}$/.test(key)) throw fieldError('idempotencyKey', 'The Idempotency-Key must be 8 to 100 visible characters.');
  return key;
}

/**
 * Requests with one key take turns from here to the end of the transaction (an advisory lock on
 * the key): the second looks for the first's row only after the first has committed it, instead
 * of both finding nothing and both inserting (which answered the loser 409).
 */
export async function lockIdempotencyKey(tx: DbOrTx, operation: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${operation}:${key}`}, 0))`);
}

export interface IdempotentAnswer<B> {
  status: number;
  body: B;
}

/** A first answer as it is stored: with the owner it was for. */
export interface StoredAnswer {
  ownerId: string;
  status: number;
  body: unknown;
}

/**
 * The first answer of `key` for this operation, or null. Run it after the lock that serialises
 * the write (the company's ledger row) so that a concurrent first request's answer is seen. The
 * same key for another owner: 409, and nothing of the first answer is shown.
 */
export async function findIdempotentAnswer<B>(db: DbOrTx, operation: string, key: string, ownerId: string): Promise<IdempotentAnswer<B> | null> {
  const [row] = await db
    .select({ ownerId: idempotentAnswers.ownerId, status: idempotentAnswers.status, body: idempotentAnswers.body })
    .from(idempotentAnswers)
    .where(and(eq(idempotentAnswers.operation, operation), eq(idempotentAnswers.idempotencyKey, key)));
  return answerFor<B>(row ?? null, ownerId);
}

/**
 * `findIdempotentAnswer`'s read as a scalar subquery (a `StoredAnswer` as json, or null), for a
 * statement that reads it with other things after the same lock (pay from balance: with the
 * balance). `answerFor` then gives the answer.
 */
export function storedAnswerSql(operation: string, key: string | Placeholder): SQL<StoredAnswer | null> {
  return sql<StoredAnswer | null>`(select json_build_object('ownerId', a.owner_id, 'status', a.status, 'body', a.body)
    from ${idempotentAnswers} a where a.operation = ${operation}::text and a.idempotency_key = ${key}::text)`;
}

/** The answer a stored first answer gives to `ownerId`: itself, or 409 when it was another owner's. */
export function answerFor<B>(stored: StoredAnswer | null, ownerId: string): IdempotentAnswer<B> | null {
  if (!stored) return null;
  if (stored.ownerId !== ownerId) throw new AppError('CONFLICT', PAYMENT_MESSAGES.idempotencyReused);
  return { status: stored.status, body: stored.body as B };
}

/** Keep the answer of a write, in the write's transaction. */
export async function saveIdempotentAnswer<B>(tx: DbOrTx, operation: string, key: string, ownerId: string, answer: IdempotentAnswer<B>): Promise<void> {
  await tx.insert(idempotentAnswers).values({ operation, idempotencyKey: key, ownerId, status: answer.status, body: answer.body });
}

/**
 * `saveIdempotentAnswer` as a CTE of a composed statement (pay from balance writes its answer in
 * its one statement of writes): `select` gives one row of (owner_id uuid, status int, body jsonb),
 * or none.
 */
export function idempotentAnswerInsertCte(name: string, operation: string, key: SQL | Placeholder, select: SQL): WithSubquery {
  return cte(name, sql`
    insert into idempotent_answers (operation, idempotency_key, owner_id, status, body)
    select ${operation}::text, ${key}::text, a.owner_id, a.status, a.body from (${select}) as a
    returning 1`);
}
