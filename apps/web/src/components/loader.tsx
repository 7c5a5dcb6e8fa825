import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A centred spinner with an optional text (e.g. 'Validating Token'). */
export function Loader({ text }: { text?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}>
      <CircularProgress aria-label={text ?? 'Loading'} />
      {text && <Typography>{text}</Typography>}
    </Box>
  );
}
