import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { attachmentsRoutes } from './attachments.routes';

/** Documents and remarks: the module's public door. */
export async function registerAttachments(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await attachmentsRoutes(app, ctx);
}

/** Owner modules plug in here: `ctx.plugins.provide(attachmentOwners, 'property', { module: 'Property', canRead, canWrite })`. */
export { attachmentOwners, moduleOwner, type AttachmentOwner } from './attachments.owners';
export { deleteAllOfOwner as deleteAttachmentsOfOwner, isDocumentOf, isRemarkOf, pageOfAllDocuments, type AttachmentWithType } from './attachments.repo';
export { documentDirectory } from './document-directory';
/** Store a document for an owner the caller module authorized (an insurance's certificate). */
export { storeDocument, type IncomingFile } from './attachments.service';
/** How a stored file's name is cleaned and sent back (other modules that keep files: chat). */
export { cleanFileName, contentDisposition } from './attachments.presenter';
