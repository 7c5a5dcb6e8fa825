import type { DbOrTx } from '../../db/client';

export interface InspectionCompletedEvent {
  /** The completing transaction: write in it, send nothing slow (queue mail in the outbox). */
  db: DbOrTx;
  inspectionId: string;
  masterInspectionId: string;
  /** Labels of the pass/fail checks that failed (forms' `failedChecks`). */
  failedChecks: string[];
}

export type InspectionCompletedHandler = (event: InspectionCompletedEvent) => Promise<void>;

const handlers: InspectionCompletedHandler[] = [];

/**
 * Another module's reaction to a completed inspection (work orders open one for failed checks).
 * Registered once at register time, so inspections never imports that module (no cycle).
 */
export function onInspectionCompleted(handler: InspectionCompletedHandler): void {
  if (!handlers.includes(handler)) handlers.push(handler);
}

export async function runCompletionHandlers(event: InspectionCompletedEvent): Promise<void> {
  for (const handler of handlers) await handler(event);
}
