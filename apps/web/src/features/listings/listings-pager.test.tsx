import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfig, SIGNED_OUT } from '../../test/fixtures';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render';
import { pagerItems } from './listings-pager';

const LISTING = {
  _id: 'l1', propertyName: 'T-Hangar A1', areaName: 'North Ramp', dateAvailable: null, rent: 450, description: '',
  image: null, location: { lat: 39.19, lon: -119.73 }, type: 'T-Hangar',
};

describe('listings pager', () => {
  it('offers the first and last pages, the current one with its neighbours, and gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pagerItems(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
  });

  it('moves between pages of /listings and keeps the page in the address', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'GET /api/Session': SIGNED_OUT,
      'GET /api/AppConfig': { body: appConfig(true) },
      'GET /api/Listings/Types': { body: [] },
      'GET /api/Listings/Attributes': { body: [] },
      'GET /api/Listings': { body: [LISTING], headers: { 'X-Total-Count': '35' } },
    });
    const { router } = renderApp('/listings?pageSize=10');
    const pages = await screen.findByRole('navigation', { name: 'Listings pages' });
    await waitFor(() => expect(within(pages).getByRole('button', { name: 'Go to page 4' })).toBeInTheDocument());
    expect(within(pages).getByRole('button', { name: 'page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    await waitFor(() => {
      const calls = net.callsTo('GET', '/api/Listings');
      expect(new URLSearchParams(calls[calls.length - 1]!.search).get('page')).toBe('2');
    });
    expect(within(pages).getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('button', { name: 'Go to page 4' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('4'));
    expect(within(pages).getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });
});
