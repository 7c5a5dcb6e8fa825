import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';

/** Lazy routes and dialogs load slowly on a busy machine. */
const SLOW = { timeout: 30_000 };
const M1 = '2b0c1e4a-6d1f-4c6b-9a57-0f6f2d3c9e11';

const staff = {
  'GET /api/Session': { body: accessBody(buildUser({ modules: [], isAdmin: false })) },
  'GET /api/AppConfig': { body: appConfig(true) },
};

const master = {
  _id: M1, name: 'General maintenance', description: 'Anything else', adhoc: true, formId: 'f1', masterInspectionIds: [], workorderCount: 2,
  createdAt: '2026-11-20T17:30:00.000Z', abilities: { edit: false, delete: false, addWorkorder: true },
};

const row = (over: Record<string, unknown>) => ({
  _id: 'w1', refnumber: 'WO-1', status: 'Created', name: 'Casey', email: 'casey@crew.example', workorderfor: null, workorderId: M1,
  masterName: 'General maintenance', autoOpened: false, failedChecks: [], createdDate: '2026-11-20T17:30:00.000Z', completedAt: null,
  abilities: { edit: true, fill: true, complete: true }, ...over,
});

describe('work orders', { timeout: 90_000 }, () => {
  it("says 'No Master Workorder added yet' with a link to the settings", async () => {
    stubFetch({ ...staff, 'GET /api/MasterWorkorder': { body: [] } });
    renderApp('/workorder');
    const link = await screen.findByRole('link', { name: 'No Master Workorder added yet' }, SLOW);
    expect(link).toHaveAttribute('href', '/settings/workorder');
  });

  it('lists a master’s work orders with View and Print for all, Edit and Complete only while open', async () => {
    stubFetch({
      ...staff,
      [`GET /api/MasterWorkorder/${M1}`]: { body: master },
      'GET /api/Workorder/GetWorkorders': { body: [row({}), row({ _id: 'w2', refnumber: 'WO-2', status: 'Completed', abilities: { edit: false, fill: false, complete: false } })], headers: { 'x-total-count': '2' } },
    });
    renderApp(`/workorder/WorkorderList/${M1}`);
    const grid = await screen.findByRole('grid', {}, SLOW);
    const open = (await within(grid).findByText('WO-1')).closest('[role="row"]') as HTMLElement;
    const done = within(grid).getByText('WO-2').closest('[role="row"]') as HTMLElement;
    expect(within(open).getByRole('link', { name: 'Print Workorder WO-1' })).toHaveAttribute('href', '/api/Workorder/print/w1');
    expect(within(open).getByRole('link', { name: 'View Workorder WO-1' })).toHaveAttribute('target', '_blank');
    expect(within(open).getByRole('button', { name: 'Complete Workorder WO-1' })).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Edit Workorder/ })).toBeNull();
    expect(within(done).queryByRole('button', { name: /Complete Workorder/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add New Workorder' })).toBeInTheDocument();
    for (const header of ['Action', 'Workorder Ref Number', 'Workorder Status', 'Contractor Name', 'Contractor Email', 'Workorder For', 'Created On']) {
      expect(within(grid).getByText(header)).toBeInTheDocument();
    }
  });

  it('shows the server’s field error in the Create Workorder dialog', async () => {
    stubFetch({
      ...CSRF_ROUTE,
      ...staff,
      [`GET /api/MasterWorkorder/${M1}`]: { body: master },
      'GET /api/Workorder/GetWorkorders': { body: [], headers: { 'x-total-count': '0' } },
      'POST /api/Workorder/CreateWorkorders': { status: 400, body: { errors: { refnumber: 'Workorder Reference Number is already used' } } },
    });
    renderApp(`/workorder/WorkorderList/${M1}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Workorder' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Create Workorder' }, SLOW);
    expect(within(dialog).queryByLabelText(/Workorder For/)).toBeNull(); // adhoc master
    await userEvent.type(within(dialog).getByLabelText(/Workorder Reference Number/), 'WO-1');
    await userEvent.type(within(dialog).getByLabelText(/Contractor Name/), 'Casey');
    await userEvent.type(within(dialog).getByLabelText(/Contractor Email/), 'casey@crew.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Workorder Reference Number is already used', {}, SLOW)).toBeInTheDocument();
  });

  it('completing from the list with the form unfilled says to fill in the form first', async () => {
    const unfilled = 'Fill in the work order form before completing it: Gate # is required.';
    stubFetch({
      ...CSRF_ROUTE,
      ...staff,
      [`GET /api/MasterWorkorder/${M1}`]: { body: master },
      'GET /api/Workorder/GetWorkorders': { body: [row({})], headers: { 'x-total-count': '1' } },
      'POST /api/Workorder/Complete/w1': { status: 400, body: { errors: { gate: 'Gate # is required' }, message: unfilled } },
    });
    renderApp(`/workorder/WorkorderList/${M1}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Workorder WO-1' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Complete Workorder' }, SLOW);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Complete Workorder' }));
    expect(await screen.findByText(unfilled, {}, SLOW)).toBeInTheDocument();
  });
});
