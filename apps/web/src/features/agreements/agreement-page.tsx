import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AGREEMENT_MESSAGES, type TAgreement, type TAgreementValues } from '@apron/core/agreements';
import { hasModule, isModuleAdmin } from '@apron/core/access';
import type { TMasterRow } from '@apron/core/settings';
import type { TSelectOption } from '../../components/form-fields';
import { Documents } from '../../components/documents';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Remarks } from '../../components/remarks';
import { useAccess } from '../../lib/session';
import { AgreementForm, type TAgreementSelects } from './agreement-form';
import { AgreementProperties } from './agreement-properties';
import { useAgreement, useAgreementOptions, useSaveAgreement } from './api';
import { RentAdjustment } from './rent-adjustment';

const ARCHIVE_QUESTION = {
  title: 'Archive Agreement',
  message: 'Archive this agreement? It becomes read-only for everyone and no longer holds its properties.',
  confirmLabel: 'Archive',
};

function masterOptions(rows: readonly TMasterRow[] | undefined, label: (row: TMasterRow) => string = (row) => String(row.name ?? '')): TSelectOption[] {
  return (rows ?? []).map((row) => ({ value: row._id, label: label(row) }));
}

/** The current value stays choosable even when the list lacks it (an Inactive owner, or a tenant's read-only view). */
function withCurrent(options: TSelectOption[], value: string | undefined, label: string | undefined): TSelectOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [{ value, label: label ?? value }, ...options];
}

function useSelects(agreement: TAgreement | null, enabled: boolean): { selects: TAgreementSelects; loading: boolean } {
  const { cycles, paymentTypes, owners } = useAgreementOptions(enabled);
  const selects: TAgreementSelects = {
    owners: withCurrent((owners.data ?? []).map((o) => ({ value: o._id, label: o.name })), agreement?.tenantId, agreement?.tenantName),
    invoiceCycles: withCurrent(masterOptions(cycles.data), agreement?.invoiceCycleId, agreement?.invoiceCycleName),
    paymentTypes: withCurrent(
      masterOptions(paymentTypes.data, (row) => (row.skuType ? `${String(row.name)} (${String(row.skuType)})` : String(row.name ?? ''))),
      agreement?.rentAdjustmentType,
      agreement?.rentAdjustmentTypeName,
    ),
  };
  const loading = enabled && (cycles.isPending || paymentTypes.isPending || owners.isPending);
  return { selects, loading };
}

function NewAgreementPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user } = useAccess();
  const save = useSaveAgreement(undefined);
  const canEdit = isModuleAdmin(user, 'Lease');
  const { selects, loading } = useSelects(null, canEdit);
  const owner = search.get('owner') ?? undefined;
  if (loading) return <Loader text="Loading" />;
  return (
    <>
      <PageHeader title="Add Agreement" backTo={owner ? `/companies/${encodeURIComponent(owner)}/agreements` : '/agreements'} />
      <AgreementForm
        agreement={null}
        ownerId={owner}
        canEdit={canEdit}
        showLeaseAccounting={!!user?.isInternal}
        selects={selects}
        onSave={save.mutateAsync}
        successText={AGREEMENT_MESSAGES.created}
        onSaved={(created) => navigate(`/agreements/${encodeURIComponent(created._id)}`, { replace: true })}
      />
    </>
  );
}

/** Another feature's section under an existing agreement, composed in app/pages (features never import each other). */
export type TAgreementSectionSlot = (agreement: TAgreement) => ReactNode;

/** What other features add to an agreement's page. */
export interface TAgreementPageSlots {
  /** The insurance compliance section (issue 24), under the properties. */
  renderInsurance?: TAgreementSectionSlot;
  /** The lease accounting (GASB 87) section, for Reports staff. */
  renderLeaseAccounting?: TAgreementSectionSlot;
}

function EditAgreementPage({ id, renderInsurance, renderLeaseAccounting }: { id: string } & TAgreementPageSlots) {
  const { user } = useAccess();
  const query = useAgreement(id);
  const save = useSaveAgreement(id);
  const agreement = query.data ?? null;
  const canEdit = agreement?.abilities.edit ?? false;
  // the lists are needed only to change a value; a read-only view shows the agreement's names
  const { selects, loading } = useSelects(agreement, canEdit);
  const backTo = '/agreements';
  if (query.isPending || loading) return <Loader text="Loading agreement" />;
  if (query.isError || !agreement) return <RecordLoadError error={query.error} title="Agreement" backTo={backTo} notFound="Agreement not found" />;
  // Archiving cannot be undone from the portal (everything under it turns read-only): ask first.
  const confirmArchive = (values: TAgreementValues) => (values.status === 'Archived' && agreement.status !== 'Archived' ? ARCHIVE_QUESTION : null);
  const readOnlyReason = agreement.status === 'Archived' ? 'Archived: read-only' : !canEdit ? 'Read-only' : null;
  return (
    <>
      <PageHeader
        title={agreement.title}
        backTo={backTo}
        subtitle={
          <>
            {agreement.agreementNum} · {agreement.tenantName} <Chip size="small" label={agreement.status} component="span" />
            {readOnlyReason && <Chip size="small" variant="outlined" label={readOnlyReason} component="span" sx={{ ml: 1 }} />}
          </>
        }
      />
      <Grid container spacing={2}>
        <Grid size={12}>
          <AgreementForm
            key={agreement.updatedAt}
            agreement={agreement}
            canEdit={canEdit}
            showLeaseAccounting={!!user?.isInternal}
            selects={selects}
            onSave={save.mutateAsync}
            successText={AGREEMENT_MESSAGES.updated}
            confirm={confirmArchive}
          />
        </Grid>
        <Grid size={12}>
          <AgreementProperties agreement={agreement} />
        </Grid>
        {renderInsurance && <Grid size={12}>{renderInsurance(agreement)}</Grid>}
        {hasModule(user, 'Lease') && (
          <Grid size={12}>
            <RentAdjustment agreement={agreement} />
          </Grid>
        )}
        {renderLeaseAccounting && <Grid size={12}>{renderLeaseAccounting(agreement)}</Grid>}
        <Grid size={{ xs: 12, md: 6 }}>
          <Documents ownerType="agreement" ownerId={agreement._id} canDelete={canEdit} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Remarks ownerType="agreement" ownerId={agreement._id} canDelete={canEdit} />
        </Grid>
      </Grid>
    </>
  );
}

/** `/agreements/add` and `/agreements/:id` (the slots: other features' sections under an existing agreement). */
export function AgreementPage(slots: TAgreementPageSlots = {}) {
  const { id } = useParams();
  return id ? <EditAgreementPage key={id} id={id} {...slots} /> : <NewAgreementPage />;
}
