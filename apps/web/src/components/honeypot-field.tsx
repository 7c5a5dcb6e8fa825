import type { InputHTMLAttributes } from 'react';
import Box from '@mui/material/Box';

/**
 * The public forms' honeypot (`website`, core `ZHoneypot`): off screen and hidden from assistive
 * technology, out of the tab order and never autofilled, so only a bot fills it. The server answers
 * a form with it filled as if accepted and keeps nothing.
 */
export function HoneypotField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'tabIndex' | 'autoComplete'>) {
  return (
    <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Website
        <input name="website" {...props} tabIndex={-1} autoComplete="off" />
      </label>
    </Box>
  );
}
