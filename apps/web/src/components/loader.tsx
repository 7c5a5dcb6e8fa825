import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner with an optional text (e.g. 'Validating Token', then the page's heading). */
export function Loader({ text, asHeading }: { text?: string; asHeading?: boolean }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}>
      <CircularProgress aria-label={text ?? 'Loading'} />
      {text && (
        <Typography component={asHeading ? 'h1' : 'p'} variant={asHeading ? 'h6' : 'body1'}>
          {text}
        </Typography>
      )}
    </Box>
  );
}
