import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FALLBACK_ERROR_MESSAGE } from '@apron/core';
import { ZodError } from 'zod';
import { AppError } from './app-error';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../db/unavailable';

/** `{ "a.b": "message" }` from zod issues: the first message per field wins. */
export function fieldErrorsFromIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, prefix?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || prefix || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** Postgres errors that mean the client asked for something impossible, not a server fault. */
function fromPostgres(error: unknown): AppError | null {
  const cause = (error as { cause?: PgError }).cause ?? (error as PgError);
  switch (cause?.code) {
    case '23505':
      return new AppError('CONFLICT', 'A record with the same value already exists.');
    case '23503':
      return new AppError('CONFLICT', 'This record is in use by other records, or refers to one that does not exist.');
    case '23P01':
      return new AppError('CONFLICT', 'This overlaps an existing record.');
    case '23514':
      return new AppError('UNPROCESSABLE', 'The values break a rule of this record.');
    case '22P02':
      return new AppError('NOT_FOUND', 'Not found');
    case '40001':
    case '40P01':
      return new AppError('CONFLICT', 'The record changed while saving. Please try again.');
    default:
      return null;
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      // A service the request needs failed (file storage refused, ...): the client reads the
      // AppError's message, the operator the cause it carries.
      if (error.status >= 500) request.log.warn({ err: error, cause: error.cause }, error.message);
      if (error.code === 'VALIDATION') return reply.status(400).send({ errors: error.fields ?? { body: error.message }, ...(error.explains && { message: error.message }) });
      // A conflict on a field (a duplicate code) names it, as a form shows it beside the field.
      return reply.status(error.status).send({ code: error.code, message: error.message, ...(error.fields && { errors: error.fields }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        errors[path || 'body'] ??= v.message ?? 'Invalid value';
      }
      return reply.status(400).send({ errors });
    }
    if (error instanceof ZodError) return reply.status(400).send({ errors: fieldErrorsFromIssues(error.issues) });
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.statusCode === 413) {
      return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'File Size cannot be more than 5MB' });
    }
    if (fastifyError.statusCode === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a minute and try again.' });
    }
    // The database is restarting or unreachable: a moment's outage, not a fault of this request.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const mapped = fromPostgres(error);
    if (mapped) {
      request.log.info({ err: error }, 'database constraint refused the request');
      return reply.status(mapped.status).send({ code: mapped.code, message: mapped.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: FALLBACK_ERROR_MESSAGE });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.status(fastifyError.statusCode).send({ code: fastifyError.code ?? 'BAD_REQUEST', message: fastifyError.message });
    }
    // 5xx never shows internals; the request id in the log ties the report to the cause.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: `${FALLBACK_ERROR_MESSAGE} (ref ${request.id})` });
  });
}
