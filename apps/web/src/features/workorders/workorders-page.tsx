import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { isInternal } from '@apron/core/access';
import { WORKORDER_MESSAGES } from '@apron/core/workorders/index';
import { Loader } from '../../components/loader';
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
      {masters.isPending && <Loader />}
      {masters.isError && <Alert severity="error">{errorMessage(masters.error)}</Alert>}
      {masters.data?.length === 0 && (
        <Typography sx={{ py: 4 }}>
          {isInternal(user) ? (
            <Link component={RouterLink} to="/settings/workorder">
              {WORKORDER_MESSAGES.noMasters}
            </Link>
          ) : (
            'No work orders are assigned to you yet.'
          )}
        </Typography>
      )}
      <Box component="ul" aria-label="Master work orders" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {masters.data?.map((master) => (
          <li key={master._id}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/workorder/WorkorderList/${master._id}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {master.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {master.description}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {master.adhoc ? 'Adhoc' : 'For inspections'} · {master.workorderCount} {master.workorderCount === 1 ? 'work order' : 'work orders'}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </>
  );
}
