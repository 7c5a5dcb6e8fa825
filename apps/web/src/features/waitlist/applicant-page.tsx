import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { canOpenArea, hasModule } from '@apron/core/access';
import { WAITLIST_MESSAGES } from '@apron/core/waitlist';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Documents } from '../../components/documents';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Remarks } from '../../components/remarks';
import { SendNoticeButton } from '../../components/send-notice-button';
import { useNotify } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { useApplicant, useCreateAccount, useDeleteApplicant, useJoinInfo } from './api';
import { ApplicantForm } from './applicant-form';
import { MoveApplicantDialog } from './move-applicant-dialog';

/** `/waitList/:id`: edit, documents and remarks, move, Delete Applicant, Create Account. */
export function ApplicantPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { user } = useAccess();
  // the new company's page is the Owners area (staff holding Company)
  const canOpenCompany = canOpenArea(user, 'owners');
  const query = useApplicant(id);
  const info = useJoinInfo();
  const remove = useDeleteApplicant();
  const account = useCreateAccount();
  const [confirming, setConfirming] = useState<'delete' | 'account' | null>(null);
  const [moving, setMoving] = useState(false);
  if (query.isPending || info.isPending) return <Loader text="Loading applicant" />;
  if (query.isError) return <RecordLoadError error={query.error} title="Applicant" backTo="/waitList" notFound={WAITLIST_MESSAGES.notFound} />;
  const applicant = query.data;
  const backTo = `/waitList/type/${encodeURIComponent(applicant.propertyType)}`;
  const { abilities } = applicant;

  const runDelete = () =>
    remove.mutate(applicant._id, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        navigate(backTo, { replace: true });
      },
      onError: (error) => {
        setConfirming(null);
        notify.error(error);
      },
    });
  const runCreateAccount = () =>
    account.mutate(applicant._id, {
      onSuccess: (answer) => {
        notify.success(answer.created ? WAITLIST_MESSAGES.accountCreated : 'The account was already created.');
        if (canOpenCompany) navigate(`/companies/${encodeURIComponent(answer.companyId)}`);
        else setConfirming(null);
      },
      onError: (error) => {
        setConfirming(null);
        notify.error(error);
      },
    });

  const actions = (
    <>
      {abilities.move && (
        <Button variant="outlined" onClick={() => setMoving(true)}>
          Move in Queue
        </Button>
      )}
      {abilities.createAccount && (
        <Button variant="outlined" onClick={() => setConfirming('account')} disabled={account.isPending}>
          Create Account
        </Button>
      )}
      {hasModule(user, 'Waitlist') && <SendNoticeButton module="Waitlist" recordId={applicant._id} />}
      {applicant.companyId && canOpenCompany && (
        <Button component={RouterLink} to={`/companies/${encodeURIComponent(applicant.companyId)}`}>
          Open Company
        </Button>
      )}
      {abilities.delete && (
        <Button variant="outlined" color="error" onClick={() => setConfirming('delete')}>
          Delete Applicant
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={`${applicant.firstName} ${applicant.lastName}`}
        backTo={backTo}
        subtitle={<Chip size="small" component="span" label={`Queue #${applicant.queuePosition} · ${applicant.propertyTypeName} · ${applicant.status}`} />}
      />
      <Grid container spacing={2}>
        <Grid size={12}>
          <ApplicantForm key={`${applicant._id}:${applicant.status}:${applicant.propertyType}`} applicant={applicant} propertyTypes={info.data?.propertyTypes ?? []} actions={actions} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Documents ownerType="waitlist" ownerId={applicant._id} canDelete={abilities.delete} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Remarks ownerType="waitlist" ownerId={applicant._id} canDelete={abilities.delete} />
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete Applicant"
        message={`Remove ${applicant.firstName} ${applicant.lastName} from the wait list? Everyone behind moves up one place. This cannot be undone.`}
        confirmLabel="Delete Applicant"
        destructive
        busy={remove.isPending}
        onConfirm={runDelete}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'account'}
        title="Create Account"
        message={
          applicant.companyId
            ? 'This applicant already has an account; no second company is made.'
            : `Create a company "${applicant.organization || `${applicant.firstName} ${applicant.lastName}`}" and a company user for ${applicant.email || '(no e-mail)'}? The user gets an invitation e-mail.`
        }
        confirmLabel="Create Account"
        busy={account.isPending}
        onConfirm={runCreateAccount}
        onCancel={() => setConfirming(null)}
      />
      {moving && <MoveApplicantDialog applicant={applicant} onClose={() => setMoving(false)} />}
    </>
  );
}
