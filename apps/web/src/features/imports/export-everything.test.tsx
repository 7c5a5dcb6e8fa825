import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ExportEverything } from './export-everything';

describe('Export everything', () => {
  it('is a download link to the airport export', () => {
    renderWithProviders(<ExportEverything />);
    expect(screen.getByRole('heading', { name: 'Export everything' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Export everything' });
    expect(link).toHaveAttribute('href', '/api/Exports/All');
    expect(link).toHaveAttribute('download');
  });
});
