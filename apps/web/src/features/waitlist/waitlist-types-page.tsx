import Typography from '@mui/material/Typography';
import { CardGrid } from '../../components/card-grid';
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
      <CardGrid
        label="Property types"
        query={types}
        loadingText="Loading the wait list"
        errorText="Error Occurred"
        empty={<Typography>No property types yet. Add them under Settings &gt; Property Types.</Typography>}
        toCard={(type) => ({
          key: type._id,
          to: `/waitList/type/${encodeURIComponent(type._id)}`,
          title: type.name,
          details: (
            <Typography color="text.secondary">
              {type.waiting} waiting · {type.joinedThisWeek} joined this week
            </Typography>
          ),
        })}
      />
    </>
  );
}
