import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isInternal } from '@apron/core/access';
import { WORKORDER_MESSAGES } from '@apron/core/workorders/index';
import { CardDescription, CardGrid } from '../../components/card-grid';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useMasterWorkorders } from './api';

/** `/workorder`: the master work orders as cards, each opening its list (a contractor sees the masters of their own work orders). */
export function WorkordersPage() {
  const { user } = useAccess();
  const masters = useMasterWorkorders();
  return (
    <>
      <PageHeader title="Workorders" backTo="/" />
      <CardGrid
        label="Master work orders"
        query={masters}
        errorText={errorMessage}
        empty={
          <Typography sx={{ py: 4 }}>
            {isInternal(user) ? (
              <Link component={RouterLink} to="/settings/workorder">
                {WORKORDER_MESSAGES.noMasters}
              </Link>
            ) : (
              'No work orders are assigned to you yet.'
            )}
          </Typography>
        }
        toCard={(master) => ({
          key: master._id,
          to: `/workorder/WorkorderList/${master._id}`,
          title: master.name,
          details: (
            <CardDescription
              description={master.description}
              summary={`${master.adhoc ? 'Adhoc' : 'For inspections'} · ${master.workorderCount} ${master.workorderCount === 1 ? 'work order' : 'work orders'}`}
            />
          ),
        })}
      />
    </>
  );
}
