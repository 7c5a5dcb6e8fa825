import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Link as RouterLink } from 'react-router';
import { isModuleAdmin, type TSessionUser } from '@apron/core/access';
import { useNotify } from '../../lib/notify';
import { useDismissSetupChecklist, useSetupChecklist } from './api/setup-checklist';

/**
 * The first-run setup checklist on the home page (issue 23; docs/setup-checklist.md): for Settings
 * administrators of an airport without demo data, each step linked to its page and ticked when the
 * server finds it done; gone when all are done or once dismissed.
 */
export function SetupChecklist({ user }: { user: TSessionUser }) {
  const notify = useNotify();
  const checklist = useSetupChecklist(isModuleAdmin(user, 'Settings'));
  const dismiss = useDismissSetupChecklist();
  if (!checklist.data?.visible) return null;
  const steps = checklist.data.steps;
  const left = steps.filter((step) => !step.done).length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="setup-checklist-heading" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="setup-checklist-heading" variant="h6" component="h2">
          Set up your airport
        </Typography>
        <Typography color="text.secondary">
          {steps.length - left} of {steps.length} done
        </Typography>
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 1 }}>
        {steps.map((step) => (
          <Box component="li" key={step.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
            {step.done ? <CheckCircleIcon color="success" fontSize="small" aria-hidden /> : <RadioButtonUncheckedIcon color="action" fontSize="small" aria-hidden />}
            <Link component={RouterLink} to={step.to} sx={step.done ? { color: 'text.secondary' } : undefined}>
              {step.label}
            </Link>
            <Typography variant="caption" color="text.secondary">
              {step.done ? 'Done' : 'To do'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button size="small" disabled={dismiss.isPending} onClick={() => dismiss.mutate(undefined, { onError: (error) => notify.error(error) })}>
        Dismiss
      </Button>
    </Paper>
  );
}
