import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF_ROUTE, stubFetch } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { Documents } from './documents';
import { Remarks } from './remarks';

const OWNER = { ownerType: 'company', ownerId: '0b6b3f6e-1d2c-4e5f-8a9b-0c1d2e3f4a5b' } as const;
const LEASE_DOC = {
  _id: 'd1', name: 'lease.pdf', typeId: 't1', typeName: 'Lease', contentType: 'application/pdf', size: 20480,
  createdAt: '2024-03-05T17:00:00.000Z', createdBy: 'pat.staff@apron.test',
};

describe('Documents', () => {
  it('lists documents with download links, uploads with a type and deletes after confirming', async () => {
    const user = userEvent.setup();
    let docs = [LEASE_DOC];
    const net = stubFetch({
      ...CSRF_ROUTE,
      'POST /api/Attachments/List': () => ({ body: docs }),
      'GET /api/AttachmentTypes': { body: [{ _id: 't1', name: 'Lease' }, { _id: 't2', name: 'Insurance' }] },
      'POST /api/Attachments': () => {
        const added = { ...LEASE_DOC, _id: 'd2', name: 'policy.pdf', typeId: 't2', typeName: 'Insurance' };
        docs = [...docs, added];
        return { status: 201, body: added };
      },
      'DELETE /api/Attachments/d1': () => {
        docs = docs.filter((d) => d._id !== 'd1');
        return { body: { message: 'Deleted Successfully' } };
      },
    });
    renderWithProviders(<Documents {...OWNER} canDelete />);

    expect(await screen.findByRole('link', { name: 'lease.pdf' })).toHaveAttribute('href', '/api/Attachments/d1');
    expect(net.callsTo('POST', '/api/Attachments/List')[0]!.body).toEqual(OWNER);

    const file = new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Upload Document'), file);
    expect(await screen.findByText('Document Type is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Attachments')).toHaveLength(0);

    await user.selectOptions(await screen.findByLabelText('Document Type'), 'Insurance');
    await user.upload(screen.getByLabelText('Upload Document'), file);
    expect(await screen.findByRole('link', { name: 'policy.pdf' })).toBeInTheDocument();
    const form = net.callsTo('POST', '/api/Attachments')[0]!.body as FormData;
    expect([form.get('ownerType'), form.get('ownerId'), form.get('typeId')]).toEqual([OWNER.ownerType, OWNER.ownerId, 't2']);
    expect((form.get('file') as File).name).toBe('policy.pdf');

    await user.click(screen.getByRole('button', { name: 'Delete lease.pdf' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Document' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted Successfully');
    expect(screen.queryByRole('link', { name: 'lease.pdf' })).not.toBeInTheDocument();
  });

  it('offers no delete without the right', async () => {
    stubFetch({ 'POST /api/Attachments/List': { body: [LEASE_DOC] }, 'GET /api/AttachmentTypes': { body: [] }, ...CSRF_ROUTE });
    renderWithProviders(<Documents {...OWNER} canDelete={false} />);
    await screen.findByRole('link', { name: 'lease.pdf' });
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});

describe('Remarks', () => {
  it('requires subject and message, adds a remark and deletes one after confirming', async () => {
    const user = userEvent.setup();
    let remarks = [{ _id: 'r1', subject: 'Gate code', message: 'Changed to 4411', createdAt: '2024-03-05T17:00:00.000Z', createdBy: 'pat.staff@apron.test', documents: [] }];
    const net = stubFetch({
      ...CSRF_ROUTE,
      'POST /api/Remarks/List': () => ({ body: remarks }),
      'POST /api/Remarks': (call) => {
        const body = call.body as { subject: string; message: string };
        const added = { _id: 'r2', subject: body.subject, message: body.message, createdAt: '2024-03-06T17:00:00.000Z', createdBy: 'pat.staff@apron.test', documents: [] };
        remarks = [added, ...remarks];
        return { status: 201, body: added };
      },
      'DELETE /api/Remarks/r1': () => {
        remarks = remarks.filter((r) => r._id !== 'r1');
        return { body: { message: 'Deleted Successfully' } };
      },
    });
    renderWithProviders(<Remarks {...OWNER} canDelete />);
    expect(await screen.findByText('Gate code')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Remark' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Remark' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Subject is required')).toBeInTheDocument();
    expect(dialog.getByText('Message is required')).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^Subject/), 'Insurance');
    await user.type(dialog.getByLabelText(/^Message/), 'Certificate received');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Insurance')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/Remarks')[0]!.body).toEqual({ ...OWNER, subject: 'Insurance', message: 'Certificate received', documents: [] });

    await user.click(screen.getByRole('button', { name: 'Delete remark Gate code' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Remark' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted Successfully');
    expect(screen.queryByText('Gate code')).not.toBeInTheDocument();
  });
});
