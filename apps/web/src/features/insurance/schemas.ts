import type { z } from 'zod';
import { ZRequirementsInput, ZTenantCertificateUpload } from '@apron/core/agreements';

/*
 * The forms' schemas are core's, the ones the routes validate with (docs/insurance.md): a form's
 * message under a field is the server's 400 for the same input.
 */

export { CERTIFICATE_ACCEPT, CERTIFICATE_MIME_TYPES, certificateFileProblem, UNSUPPORTED_CERTIFICATE_MESSAGE, ZRequirementsInput, ZTenantCertificateUpload } from '@apron/core/agreements';

/** The requirements editor's list (each coverage type once). */
export type TRequirementListInput = z.input<typeof ZRequirementsInput>;
export type TRequirementListValues = z.output<typeof ZRequirementsInput>;

/** The tenant's Upload certificate dialog (the file is checked apart: `certificateFileProblem`). */
export type TTenantCertificateInput = z.input<typeof ZTenantCertificateUpload>;
