import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { theme } from './theme';

// WCAG 2.1 AA: 4.5:1 for text. A chip or button of each colour writes its contrastText on main.
describe('theme colours', () => {
  it.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)('%s text is readable on its own colour and the main colour on white', (name) => {
    const { main, contrastText } = theme.palette[name];
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it("a disabled field's helper text stays in the secondary text colour", () => {
    const override = theme.components?.MuiFormHelperText?.styleOverrides?.root;
    const styles = typeof override === 'function' ? override({ theme, ownerState: {} }) : override;
    expect(styles).toEqual({ '&.Mui-disabled': { color: theme.palette.text.secondary } });
  });

  it('an unselected toggle button is in the secondary text colour, not the fainter action colour of MUI', () => {
    const override = theme.components?.MuiToggleButton?.styleOverrides?.root;
    const styles = typeof override === 'function' ? override({ theme, value: 'table', ownerState: { value: 'table' } }) : override;
    expect(styles).toEqual({ color: theme.palette.text.secondary });
  });
});
