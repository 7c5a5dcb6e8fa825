import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { useWaitlistTypes } from './api';

/**
 * `/waitList`: the property types, each with how many wait and how many joined this week (one
 * aggregate query on the server). A card opens the type's queue.
 */
export function WaitlistTypesPage() {
  const types = useWaitlistTypes();
  return (
    <>
      <PageHeader title="WaitList" backTo="/" backLabel="Back to home" />
      {types.isPending && <Loader text="Loading the wait list" />}
      {types.isError && <Typography role="alert">Error Occurred</Typography>}
      {types.data?.length === 0 && <Typography>No property types yet. Add them under Settings &gt; Property Types.</Typography>}
      <Box component="ul" aria-label="Property types" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {types.data?.map((type) => (
          <li key={type._id}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={`/waitList/type/${encodeURIComponent(type._id)}`}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {type.name}
                  </Typography>
                  <Typography color="text.secondary">
                    {type.waiting} waiting · {type.joinedThisWeek} joined this week
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
