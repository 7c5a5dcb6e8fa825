import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NUL_MESSAGE } from '@apron/core';
import { AppError } from '../errors/app-error';

/**
 * The deepest nesting of arrays and objects a JSON body may have. Our deepest real body is a
 * form-js schema (a group in a group is two levels); 64 leaves room for that and refuses the
 * thousands of levels that would exhaust the stack of anything walking the parsed value.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/** Whether JSON text nests arrays/objects deeper than `limit`: one pass over the raw text, no parse. */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPEN.has(code)) {
      if (++depth > limit) return true;
    } else if (CLOSE.has(code)) depth--;
  }
  return false;
}

/**
 * The path (`a.b.0`) of the first string holding a NUL character, or null. Every request's
 * params, query and body go through here: an explicit stack (no recursion on client input), and
 * the path is built only on a hit, from the parents, not copied at every level of a clean body.
 */
export function findNul(value: unknown): string | null {
  interface Visit { value: unknown; key: string; parent: Visit | null }
  const stack: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(visit);
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      // Reversed, so the first field is looked at first (the error names the first bad field).
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
    }
  }
  return null;

  function pathOf(hit: Visit): string {
    const keys: string[] = [];
    for (let at: Visit | null = hit; at?.parent; at = at.parent) keys.unshift(at.key);
    return keys.join('.');
  }
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
  refuseDeepJson(app);
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

/**
 * JSON bodies are parsed by Fastify's own parser (prototype-poisoning checks included), after a
 * depth scan of the raw text: a body nested deeper than MAX_JSON_DEPTH is a 400 naming `body`
 * before anything (the NUL check, zod, a form-js walk) recurses over it.
 */
function refuseDeepJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('VALIDATION', TOO_DEEP_MESSAGE, { body: TOO_DEEP_MESSAGE }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
