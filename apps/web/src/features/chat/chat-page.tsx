import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ChatPanel } from './chat-panel';

/** `/chat/{id}`: staff (or the signed-in applicant) in one applicant's conversation. */
export function ChatPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Chat" backTo={`/waitList/${encodeURIComponent(id)}`} backLabel="Back to applicant" />
      <ChatPanel key={id} applicantId={id} listHeight="min(60vh, 520px)" />
    </>
  );
}
