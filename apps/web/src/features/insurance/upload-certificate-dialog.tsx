import { useState } from 'react';
import { calendarDate } from '@apron/core/dates';
import { insuranceDefaultDates } from '@apron/core/agreements';
import { certificateFields } from '../../components/certificate-fields';
import { CheckedFileField } from '../../components/checked-file-field';
import { FormDialog } from '../../components/form-dialog';
import { KitFields, type TFormFieldSpec } from '../../components/schema-form-fields';
import { useSchemaForm } from '../../components/use-schema-form';
import { useCoverageTypes, useUploadTenantCertificate, type TRequirement } from './api';
import { CERTIFICATE_ACCEPT, certificateFileProblem, ZTenantCertificateUpload, type TTenantCertificateInput } from './schemas';

export const CERTIFICATE_UPLOADED = 'Certificate uploaded: pending approval';
const FILE_REQUIRED = 'Choose the certificate file (PDF, PNG or JPEG)';

/**
 * A tenant's Upload certificate: what the certificate states and its file, sent together. The
 * coverage types offered are the agreement's requirements first (what is asked of them).
 */
export function UploadCertificateDialog({ agreementId, requirements, onClose }: { agreementId: string; requirements: readonly TRequirement[]; onClose: () => void }) {
  const upload = useUploadTenantCertificate(agreementId);
  const types = useCoverageTypes();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const options = requirements.map((r) => ({ value: r.insuranceTypeId, label: r.insuranceTypeName }));
  for (const t of types.data ?? []) if (!options.some((o) => o.value === t._id)) options.push({ value: t._id, label: String(t.name ?? '') });
  const kit = useSchemaForm(
    {
      schema: ZTenantCertificateUpload,
      defaultValues: {
        insuranceTypeId: requirements.length === 1 ? requirements[0]!.insuranceTypeId : '',
        carrier: '',
        policyNumber: '',
        additionalInsured: false,
        waiverOfSubrogation: false,
        ...insuranceDefaultDates(calendarDate(new Date())),
      },
      // the file is checked with the fields (below); both are sent in one request
      onSave: (values) => upload.mutateAsync({ values, file: file! }),
      successText: CERTIFICATE_UPLOADED,
      onSaved: onClose,
    },
    () => {
      if (file) return true;
      setFileError(FILE_REQUIRED);
      return false;
    },
  );
  const fields: TFormFieldSpec<TTenantCertificateInput>[] = [
    { name: 'insuranceTypeId', label: 'Coverage Type', kind: 'select', options, required: true },
    ...certificateFields<TTenantCertificateInput>({ partiesRequired: true }),
  ];
  return (
    <FormDialog open title="Upload Certificate" onClose={onClose} onSubmit={(event) => void kit.submit(event)} submitting={kit.saving} submitLabel="Upload">
      <KitFields fields={fields} control={kit.control} disabled={kit.saving} />
      <CheckedFileField
        label="Choose certificate file"
        accept={CERTIFICATE_ACCEPT}
        check={certificateFileProblem}
        file={file}
        onChange={setFile}
        error={fileError}
        onError={setFileError}
        disabled={kit.saving}
      />
    </FormDialog>
  );
}
