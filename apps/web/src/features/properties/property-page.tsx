import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useNavigate, useParams } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import type { TProperty } from '@apron/core/properties';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Documents } from '../../components/documents';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Remarks } from '../../components/remarks';
import { SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { useProperty, useSaveProperty, useSetPropertyStatus } from './api/property';
import { LeasePanel } from './lease-panel';
import { PropertyForm } from './property-form';
import { PropertyImages } from './property-images';

export const STATUS_UPDATED_TEXT = 'Status Updated Successfully';
const BACK_TO = '/properties/listings';

function StatusAction({ property }: { property: TProperty }) {
  const notify = useNotify();
  const setStatus = useSetPropertyStatus(property._id);
  // Leased is derived from an agreement; staff switch between Active and Inactive only.
  const next = property.status === 'Inactive' ? 'Active' : 'Inactive';
  // The dialog keeps the target it was opened for, so its closing animation does not relabel it.
  const [confirm, setConfirm] = useState<{ open: boolean; target: 'Active' | 'Inactive' }>({ open: false, target: next });
  const labelOf = (target: 'Active' | 'Inactive') => (target === 'Active' ? 'Make Active' : 'Make Inactive');
  const { target } = confirm;
  return (
    <>
      <Button variant="outlined" onClick={() => setConfirm({ open: true, target: next })}>
        {labelOf(next)}
      </Button>
      <ConfirmDialog
        open={confirm.open}
        title={labelOf(target)}
        message={target === 'Active' ? `Make ${property.name} active? It can then be listed publicly.` : `Make ${property.name} inactive? It will no longer be listed publicly.`}
        confirmLabel={labelOf(target)}
        busy={setStatus.isPending}
        onCancel={() => setConfirm({ open: false, target })}
        onConfirm={() =>
          setStatus.mutate(target, {
            onSuccess: () => {
              setConfirm({ open: false, target });
              notify.success(STATUS_UPDATED_TEXT);
            },
            onError: (error) => notify.error(error),
          })
        }
      />
    </>
  );
}

function NewPropertyPage() {
  const navigate = useNavigate();
  const { user } = useAccess();
  const save = useSaveProperty(undefined);
  const canEdit = isModuleAdmin(user, 'Property');
  return (
    <>
      <PageHeader title="Add Property" backTo={BACK_TO} />
      <PropertyForm
        property={null}
        canEdit={canEdit}
        onSave={save.mutateAsync}
        successText={SUCCESS_TEXT.created}
        onSaved={(created) => navigate(`/properties/listings/${encodeURIComponent(created._id)}`, { replace: true })}
      />
    </>
  );
}

function EditPropertyPage({ id }: { id: string }) {
  const query = useProperty(id);
  const save = useSaveProperty(id);
  if (query.isPending) return <Loader text="Loading property" />;
  if (query.isError) return <RecordLoadError error={query.error} title="Property" backTo={BACK_TO} notFound="Property not found" />;
  const property = query.data;
  const canEdit = property.abilities.edit;
  return (
    <>
      <PageHeader
        title={property.name}
        backTo={BACK_TO}
        subtitle={
          <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
            <span>{property.propertyTypeName} · {property.areaName}</span>
            <Chip size="small" label={property.status} />
          </Stack>
        }
        actions={property.abilities.changeStatus ? <StatusAction property={property} /> : undefined}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <PropertyForm
            // a new version from the server (after a save elsewhere) starts the form afresh
            key={property.updatedAt}
            property={property}
            canEdit={canEdit}
            onSave={save.mutateAsync}
            successText={SUCCESS_TEXT.updated}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <LeasePanel property={property} />
            <PropertyImages property={property} canEdit={canEdit} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Documents ownerType="property" ownerId={property._id} canDelete={canEdit} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Remarks ownerType="property" ownerId={property._id} canDelete={canEdit} />
        </Grid>
      </Grid>
    </>
  );
}

/** `/properties/listings/add` and `/properties/listings/:id`. */
export function PropertyPage() {
  const { id } = useParams();
  return id ? <EditPropertyPage key={id} id={id} /> : <NewPropertyPage />;
}
