import type { DbOrTx } from '../../db/client';
import { manySlot, type PluginScope } from '../../platform/plugins/registry';

export interface InspectionCompletedEvent {
  /** The completing transaction: write in it, send nothing slow (queue mail in the outbox). */
  db: DbOrTx;
  inspectionId: string;
  masterInspectionId: string;
  /** Labels of the pass/fail checks that failed (forms' `failedChecks`). */
  failedChecks: string[];
}

export type InspectionCompletedHandler = (event: InspectionCompletedEvent) => Promise<void>;

/**
 * Another module's reaction to a completed inspection, inside the completing transaction (work
 * orders open one for failed checks): `ctx.plugins.provide(inspectionCompleted, 'workorders', ...)`
 * when that module registers, so inspections never imports it (no cycle).
 */
export const inspectionCompleted = manySlot<InspectionCompletedHandler>('inspections.completed');

export async function runCompletionHandlers(scope: PluginScope, event: InspectionCompletedEvent): Promise<void> {
  for (const handler of scope.plugins.all(inspectionCompleted)) await handler(event);
}
