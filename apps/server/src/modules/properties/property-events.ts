import { propertyTemplateFields, type TEventTrigger } from '@apron/core/communications';
import type { Tx } from '../../db/client';
import { publishEvent } from '../../platform/events/index';
import type { PropertyRow } from './properties.table';

/** A property changed: publish it in the change's transaction (rules of module `Property`; no company). */
export async function publishPropertyEvent(tx: Tx, property: PropertyRow, trigger: TEventTrigger): Promise<void> {
  await publishEvent(tx, { module: 'Property', trigger, recordId: property.id, companyId: null, fields: propertyTemplateFields(property) });
}
