import { QueryBuilder } from 'drizzle-orm/pg-core';
import { attachments } from './attachments.table';

/**
 * Every stored document's id, file name, content type and size, for another module to join into
 * its own statement (an insurance's certificate). A read-only projection: the table stays this
 * module's own (docs/adr/0004).
 */
export const documentDirectory = new QueryBuilder({ casing: 'snake_case' })
  .select({ id: attachments.id, name: attachments.name, contentType: attachments.contentType, size: attachments.size })
  .from(attachments)
  .as('document_directory');
