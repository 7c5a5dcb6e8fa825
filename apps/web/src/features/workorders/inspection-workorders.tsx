import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInspectionWorkorders } from './api';

/**
 * The work orders of one inspection (beyond the spec: opened by its failed checks, or created
 * for it). For the inspection page to show, composed in `app/` (features never import features).
 */
export function InspectionWorkorders({ inspectionId }: { inspectionId: string }) {
  const workorders = useInspectionWorkorders(inspectionId);
  if (workorders.isPending || !workorders.data?.length) {
    return workorders.isError ? <Alert severity="error">Work orders could not be loaded.</Alert> : null;
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-label="Work orders of this inspection">
      <Typography variant="h6" component="h2">
        Work orders
      </Typography>
      <List dense>
        {workorders.data.map((row) => (
          <ListItem key={row._id} disableGutters>
            <ListItemText
              primary={
                <Link href={`/workorder/view/${row._id}`} target="_blank" rel="noopener">
                  {row.refnumber}
                </Link>
              }
              secondary={`${row.masterName} · ${row.status}${row.autoOpened ? ` · opened by failed checks: ${row.failedChecks.join(', ')}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
