/**
 * Domain events: modules publish `{ module, trigger, recordId, companyId, fields }` inside their
 * transaction; handlers (notification rules) run after commit, once, from a job.
 */
export { settleEventsPublishedDuring, publishEvent, publishEvents, eventHandlers, createEventDispatch, deleteProcessedEvents, EVENTS_DISPATCH_JOB, type DomainEvent, type EventHandler, type DispatchResult } from './events';
export type { DomainEventRow } from './events.table';
export { registerEventDispatch } from './events.plugin';
export { recordSources, findRecordSource, type RecordSource, type SourceRecord } from './record-sources';
