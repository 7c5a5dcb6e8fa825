import type { Database, DbOrTx } from '../../db/client';

export interface InspectionCompletedEvent {
  /** The completing transaction: write in it, send nothing slow (queue mail in the outbox). */
  db: DbOrTx;
  inspectionId: string;
  masterInspectionId: string;
  /** Labels of the pass/fail checks that failed (forms' `failedChecks`). */
  failedChecks: string[];
}

export type InspectionCompletedHandler = (event: InspectionCompletedEvent) => Promise<void>;

/** Handlers per app (keyed by its database), so two apps in one process (tests) never share them. */
const registries = new WeakMap<Database, InspectionCompletedHandler[]>();

/**
 * Another module's reaction to a completed inspection (work orders open one for failed checks).
 * Registered once at register time, so inspections never imports that module (no cycle).
 */
export function onInspectionCompleted(scope: { database: Database }, handler: InspectionCompletedHandler): void {
  const handlers = registries.get(scope.database) ?? [];
  if (!handlers.includes(handler)) handlers.push(handler);
  registries.set(scope.database, handlers);
}

export async function runCompletionHandlers(scope: { database: Database }, event: InspectionCompletedEvent): Promise<void> {
  for (const handler of registries.get(scope.database) ?? []) await handler(event);
}
