import { useParams } from 'react-router';
import { canOpenArea } from '@apron/core/access';
import { useAccess } from '../../lib/session';
import { PageHeader } from '../../components/page-header';
import { ChatPanel } from './chat-panel';

/** `/chat/{id}`: staff (or the signed-in applicant) in one applicant's conversation. */
export function ChatPage() {
  const { id = '' } = useParams();
  const { user } = useAccess();
  // Only wait-list staff may open the applicant's page; the applicant signed in with their
  // e-mail would land on No Access there, so they go back home.
  const back = canOpenArea(user, 'waitlist') ? { backTo: `/waitList/${encodeURIComponent(id)}`, backLabel: 'Back to applicant' } : { backTo: '/' };
  return (
    <>
      <PageHeader title="Chat" {...back} />
      <ChatPanel key={id} applicantId={id} listHeight="min(60vh, 520px)" />
    </>
  );
}
