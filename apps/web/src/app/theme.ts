import { createTheme } from '@mui/material/styles';

/**
 * Colours chosen for WCAG AA contrast (4.5:1) on white and on the primary bar. MUI's default
 * warning (#ed6c02, 3.1:1) and info (#0288d1, 3.9:1) fail under white text (a 'Overdue' chip), so
 * both are darker here; a disabled field's helper text and an unselected toggle button keep the
 * secondary text colour (axe reads the helper text as text, not as part of the inactive control).
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b4f8a' },
    secondary: { main: '#8a3b0b' },
    warning: { main: '#a84c00' },
    info: { main: '#01579b' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 8 },
  typography: { button: { textTransform: 'none', fontWeight: 600 } },
  components: {
    // An unselected toggle's default (action.active, 54% black) is 4.4:1 on the page background.
    MuiToggleButton: {
      styleOverrides: { root: ({ theme: current }) => ({ color: current.palette.text.secondary }) },
    },
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme: current }) => ({ '&.Mui-disabled': { color: current.palette.text.secondary } }) },
    },
  },
});
