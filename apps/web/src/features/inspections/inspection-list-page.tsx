import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { TInspection } from '@apron/core/inspections';
import { GridPage } from '../../components/grid-page';
import { Loader } from '../../components/loader';
import { INSPECTIONS_GRID_PATH, useMasterInspection } from './api';
import { inspectionColumns } from './inspection-columns';
import { AddInspectionDialog, EditInspectionDialog } from './inspection-dialogs';
import { ReturnToParent } from './return-to-parent';

/** `inspection/inspectionList/{id}`: one master's inspections, paged and sorted on the server. */
export function InspectionListPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const master = useMasterInspection(id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TInspection | null>(null);
  if (master.isPending) return <Loader />;
  if (master.isError) return <ReturnToParent error={master.error} to="/inspection" />;
  const columns = inspectionColumns({ onEdit: setEditing, onFill: (row) => navigate(`/inspection/fill/${encodeURIComponent(row._id)}`) });
  return (
    <GridPage<TInspection>
      header={{ title: master.data.name, subtitle: master.data.description, backTo: '/inspection' }}
      add={master.data.abilities.addInspection ? { label: 'Add New Inspection', onClick: () => setAdding(true) } : null}
      path={INSPECTIONS_GRID_PATH}
      filters={{ inspectionId: id }}
      ariaLabel={`${master.data.name} inspections`}
      columns={columns}
      initialSort={[{ field: 'createdDate', sort: 'desc' }]}
      searchable
    >
      {adding && <AddInspectionDialog masterId={id} module={master.data.module} onClose={() => setAdding(false)} />}
      {editing && <EditInspectionDialog row={editing} onClose={() => setEditing(null)} />}
    </GridPage>
  );
}
