import { ZWaitlistMove } from '@apron/core/waitlist';
import { SchemaFormDialog } from '../../components/schema-form-dialog';
import { useMoveApplicant } from './api';

/**
 * Move an applicant to another place in the queue (PRODUCT-RULES 20): the reason is required and
 * kept in the audit log with who and when.
 */
export function MoveApplicantDialog({ applicant, onClose }: { applicant: { _id: string; firstName: string; lastName: string; queuePosition: number }; onClose: () => void }) {
  const move = useMoveApplicant(applicant._id);
  return (
    <SchemaFormDialog
      schema={ZWaitlistMove}
      title={`Move ${applicant.firstName} ${applicant.lastName} (now #${applicant.queuePosition})`}
      defaultValues={{ position: applicant.queuePosition, reason: '' }}
      fields={[
        { name: 'position', label: 'New Queue #', kind: 'integer', required: true, helperText: 'A number past the end puts the applicant last.' },
        { name: 'reason', label: 'Reason', kind: 'multiline', required: true, helperText: 'Kept in the audit log with your name and the time.' },
      ]}
      onSave={(values) => move.mutateAsync(values)}
      successText={(answer) => `Moved to #${(answer as { applicant: { queuePosition: number } }).applicant.queuePosition}`}
      submitLabel="Move"
      onClose={onClose}
    />
  );
}
