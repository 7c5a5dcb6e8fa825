import { expect, type APIRequestContext } from '@playwright/test';
import type { TDemoRecords } from './a11y-routes';

/** The demo's records as the page's own session reads them (the CSRF token for the one POST). */
export function demoRecords(request: APIRequestContext): TDemoRecords {
  const read = async <T>(path: string): Promise<T> => {
    const response = await request.get(path);
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  };
  return {
    get: read,
    firstId: async (path) => {
      const rows = await read<{ _id: string }[]>(path);
      const first = rows[0];
      if (!first) throw new Error(`${path} lists no demo record`);
      return first._id;
    },
    post: async <T>(path: string): Promise<T> => {
      const { csrfToken } = await read<{ csrfToken: string }>('/api/CSRF');
      const response = await request.post(path, { headers: { 'X-CSRF-Token': csrfToken } });
      expect(response.ok(), `POST ${path}`).toBe(true);
      return (await response.json()) as T;
    },
  };
}
