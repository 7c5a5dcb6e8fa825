import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

/** One icon button of a grid row: a link opened in a new tab (`href`) or an action (`onClick`). */
export interface TRowAction {
  /** The tooltip ('Edit Workorder'). */
  title: string;
  /** The accessible name ('Edit Workorder WO-17'; the title when not given). */
  label?: string;
  icon: ReactNode;
  href?: string;
  onClick?: () => void;
  /** False leaves the button out (the row's abilities refuse it). */
  show?: boolean;
}

/** A grid row's Action cell: small icon buttons with tooltips, in a row, centred in the cell. */
export function RowActions({ actions }: { actions: readonly TRowAction[] }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      {actions
        .filter((action) => action.show !== false)
        .map((action) => (
          <Tooltip key={action.title} title={action.title}>
            {action.href ? (
              <IconButton size="small" aria-label={action.label ?? action.title} href={action.href} target="_blank" rel="noopener">
                {action.icon}
              </IconButton>
            ) : (
              <IconButton size="small" aria-label={action.label ?? action.title} onClick={action.onClick}>
                {action.icon}
              </IconButton>
            )}
          </Tooltip>
        ))}
    </Stack>
  );
}
