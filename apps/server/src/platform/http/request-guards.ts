import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NUL_MESSAGE } from '@apron/core';
import { AppError } from '../errors/app-error';

/** The path (`a.b.0`) of the first string holding a NUL character, or null. */
export function findNul(value: unknown): string | null {
  const path = nulPath(value);
  return path === null ? null : path.join('.');
}

/**
 * Every request's params, query and body go through here, so the path is built only on the way
 * back from a hit, not copied at every level of every clean body.
 */
function nulPath(value: unknown): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item);
      if (found !== null) return [key, ...found];
    }
  }
  return null;
}

function refuse(field: string): AppError {
  return new AppError('VALIDATION', NUL_MESSAGE, { [field || 'body']: NUL_MESSAGE });
}

/** `multipart/form-data` needs its boundary parameter, or the parser cannot find the parts. */
const MULTIPART = /^multipart\/form-data\s*(;|$)/i;
const BOUNDARY = /;\s*boundary=("[^"]+"|[^\s;]+)/i;

export function isMultipartWithoutBoundary(contentType: string | undefined): boolean {
  return !!contentType && MULTIPART.test(contentType) && !BOUNDARY.test(contentType);
}

/**
 * Input every route refuses the same way, so no client can turn it into a 500.
 *
 * A multipart body without a boundary cannot be parsed: 400 naming `file` (the three upload routes).
 *
 * PostgreSQL refuses the NUL character in text, so a NUL anywhere a client writes would end as a
 * 500. Path parameters and the query string are checked before anything runs (the session lookup
 * included); bodies after schema validation, so a labelled text schema names the field in its own
 * words first (`zRequiredText` refuses NUL too) and this catches every other string.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (isMultipartWithoutBoundary(request.headers['content-type'])) {
      throw new AppError('VALIDATION', 'The upload has no multipart boundary', { file: 'The upload has no multipart boundary' });
    }
    const field = findNul(request.params) ?? findNul(request.query);
    if (field !== null) throw refuse(field);
  });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const field = findNul(request.body);
    if (field !== null) throw refuse(field);
  });
}
