import { createTheme } from '@mui/material/styles';

/** Colours chosen for WCAG AA contrast on white and on the primary bar. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b4f8a' },
    secondary: { main: '#8a3b0b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 8 },
  typography: { button: { textTransform: 'none', fontWeight: 600 } },
});
