import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { describeCron } from '@apron/core/settings/cron';
import { INSPECTION_MESSAGES } from '@apron/core/inspections';
import { Loader } from '../../components/loader';
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
      {masters.isPending ? (
        <Loader />
      ) : masters.isError ? (
        <Alert severity="error">Failed to load inspections. Please try again later.</Alert>
      ) : masters.data.length === 0 ? (
        <Typography>
          <Link component={RouterLink} to="/settings/inspection">
            {INSPECTION_MESSAGES.emptyMasters}
          </Link>
        </Typography>
      ) : (
        <Box component="ul" aria-label="Master inspections" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
          {masters.data.map((master) => (
            <li key={master._id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/inspection/inspectionList/${encodeURIComponent(master._id)}`} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {master.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {master.description}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {master.adhoc ? 'Adhoc' : master.module}
                      {master.scheduled ? ` · ${describeCron(master.expression)}` : ''} · {master.inspectionCount} inspection{master.inspectionCount === 1 ? '' : 's'}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
