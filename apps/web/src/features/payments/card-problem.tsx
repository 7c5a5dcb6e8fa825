import Alert from '@mui/material/Alert';
import type { TCardProblem } from './use-card-payment';

/** Why the last Pay With Card failed, and whether pressing it again retries the same attempt. */
export function CardProblem({ problem }: { problem: TCardProblem | null }) {
  if (!problem) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {problem.text}
      {problem.retry ? ' Press Pay With Card again to retry; you will not be charged twice.' : ''}
    </Alert>
  );
}
