import { PrivateStatusPage } from '../../features/waitlist/private-status-page';

/**
 * `/waitList/status/:token`, the applicant's private page. CHAT SLOT (issue 11 item 9): pass
 * `renderChat={({ applicantId, token }) => <ChatPanel ... />}` from the chat feature here.
 */
export function WaitlistStatusRoute() {
  return <PrivateStatusPage />;
}
