import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetCsrfToken } from '../lib/api-client';
import { keepPaintingRulesOutOfTheDocument } from './unpainted-styles';
import { dropEarlierFilesStyles } from './emotion-per-file';

// lazy routes compile on first use in a cold test run
configure({ asyncUtilTimeout: 10000 });
keepPaintingRulesOutOfTheDocument();
dropEarlierFilesStyles();

afterEach(() => {
  cleanup();
  resetCsrfToken();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
