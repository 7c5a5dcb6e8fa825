import { ChatPanel } from '../../features/chat';
import { PrivateStatusPage } from '../../features/waitlist/private-status-page';

/**
 * `/waitList/status/:token`, the applicant's private page: their place in the queue and the chat
 * with staff (issue 11 item 9), authorised by the same token.
 */
export function WaitlistStatusRoute() {
  return <PrivateStatusPage renderChat={({ applicantId, token }) => <ChatPanel key={applicantId} applicantId={applicantId} token={token} title="Messages with our staff" />} />;
}
