import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TChatMessage } from '@apron/core/chat';
import { renderWithProviders } from '../../test/render';
import { CSRF_ROUTE, stubFetch } from '../../test/fetch-stub';
import { ChatPanel } from './chat-panel';

const APPLICANT = '3f1c2b7e-1111-4222-8333-444455556666';
const PATH = `/api/Messages/${APPLICANT}`;

function message(id: string, content: string, isAdmin: boolean, createdAt: string): TChatMessage {
  return { _id: id, email: isAdmin ? 'wendy@airport.test' : 'ada@example.test', sender: isAdmin ? 'Wendy Staff' : 'Ada Tester', content, createdAt, isAdmin, documents: [] };
}

const thread = (messages: TChatMessage[]) => ({ applicantId: APPLICANT, applicantName: 'Ada Tester', asStaff: false, messages });

describe('ChatPanel (the applicant by private link)', () => {
  it('shows sender and MM/DD/YYYY HH:mm, sends on Enter with the token, never sends blank text', async () => {
    const first = message('m1', 'Hello Ada, you are third.', true, '2026-11-20T17:30:00.000Z');
    const { callsTo } = stubFetch({
      ...CSRF_ROUTE,
      [`GET ${PATH}`]: { body: thread([first]) },
      [`POST ${PATH}/Read`]: { body: { marked: 1 } },
      [`POST ${PATH}`]: (call) => ({ status: 201, body: message('m2', (call.body as { content: string }).content, false, '2026-11-20T17:31:00.000Z') }),
    });
    renderWithProviders(<ChatPanel applicantId={APPLICANT} token="tok-123" />);
    const log = await screen.findByRole('log', { name: 'Messages' });
    const item = await within(log).findByText('Hello Ada, you are third.');
    // 17:30 UTC is 09:30 at the airport (America/Los_Angeles).
    expect(item.closest('li')).toHaveTextContent('Wendy Staff · 11/20/2026 09:30');
    expect(callsTo('GET', PATH)[0]!.search).toContain('token=tok-123');
    await waitFor(() => expect(callsTo('POST', `${PATH}/Read`)).toHaveLength(1));

    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '   {Enter}');
    expect(callsTo('POST', PATH)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await userEvent.clear(box);
    await userEvent.type(box, 'Thanks!{Enter}');
    await waitFor(() => expect(callsTo('POST', PATH)).toHaveLength(1));
    expect(callsTo('POST', PATH)[0]!.body).toEqual({ listId: APPLICANT, content: 'Thanks!', documents: [] });
    expect(callsTo('POST', PATH)[0]!.search).toContain('token=tok-123');
    expect(await within(log).findByText('Thanks!')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('stops polling on 401 and says the session ended', async () => {
    const { callsTo } = stubFetch({ [`GET ${PATH}`]: { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } } });
    renderWithProviders(<ChatPanel applicantId={APPLICANT} />);
    expect(await screen.findByText(/Your session has ended/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo('GET', PATH)).toHaveLength(1);
  });

  it('refuses a file of another type before uploading it', async () => {
    const { callsTo } = stubFetch({ [`GET ${PATH}`]: { body: thread([]) } });
    renderWithProviders(<ChatPanel applicantId={APPLICANT} token="tok-123" />);
    await screen.findByText('No messages yet.');
    const input = screen.getByLabelText('Attach', { selector: 'input' });
    await userEvent.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }), { applyAccept: false });
    expect(await screen.findByText('Only images, PDF, DOC and DOCX files are accepted.')).toBeInTheDocument();
    expect(callsTo('POST', `${PATH}/Documents`)).toHaveLength(0);
  });
});
