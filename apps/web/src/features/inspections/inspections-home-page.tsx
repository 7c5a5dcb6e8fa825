import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { describeCron } from '@apron/core/settings/cron';
import { INSPECTION_MESSAGES } from '@apron/core/inspections';
import { CardDescription, CardGrid } from '../../components/card-grid';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { useMasterInspections } from './api';
import { MyInspections } from './my-inspections';

/**
 * `/inspection`: staff see the master inspections as cards (each opens its list); an inspector
 * (any other account) sees the inspections assigned to their e-mail.
 */
export function InspectionsHomePage() {
  const { user } = useAccess();
  if (user && !user.isInternal) return <MyInspections />;
  return <MasterCards />;
}

function MasterCards() {
  const masters = useMasterInspections();
  return (
    <>
      <PageHeader title="Inspections" backTo="/" backLabel="Back to home" />
      <CardGrid
        label="Master inspections"
        query={masters}
        errorText="Failed to load inspections. Please try again later."
        empty={
          <Typography>
            <Link component={RouterLink} to="/settings/inspection">
              {INSPECTION_MESSAGES.emptyMasters}
            </Link>
          </Typography>
        }
        toCard={(master) => ({
          key: master._id,
          to: `/inspection/inspectionList/${encodeURIComponent(master._id)}`,
          title: master.name,
          details: (
            <CardDescription
              description={master.description}
              summary={`${master.adhoc ? 'Adhoc' : (master.module ?? '')}${master.scheduled ? ` · ${describeCron(master.expression)}` : ''} · ${master.inspectionCount} inspection${master.inspectionCount === 1 ? '' : 's'}`}
              summaryVariant="caption"
            />
          ),
        })}
      />
    </>
  );
}
