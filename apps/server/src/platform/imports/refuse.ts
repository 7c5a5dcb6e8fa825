import type { ImportIssue } from '@apron/core';
import { AppError } from '../errors/app-error';

/**
 * A kind's commit plans its rows again inside the batch's transaction: an issue found then (a record
 * changed since the dry run) refuses the whole batch, naming the first row, and the engine marks the
 * batch failed with this message.
 */
export function refuseIssuesFoundAtCommit(issues: readonly ImportIssue[]): void {
  const first = issues[0];
  if (!first) return;
  throw new AppError('CONFLICT', first.column ? `Row ${first.row}, ${first.column}: ${first.message}` : `Row ${first.row}: ${first.message}`);
}
