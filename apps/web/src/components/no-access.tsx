import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** Shown to a signed-in user whose account does not include the area asked for. */
export function NoAccess() {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        No Access
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Your account does not include this area. If you need it, ask an administrator to add it to your account.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to Home
      </Button>
    </Box>
  );
}
