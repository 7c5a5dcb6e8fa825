import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MAX_BACKOFF_MS, CHAT_POLL_MS, type TChatMessage } from '@apron/core/chat';
import { isApiError } from '../../lib/api-client';
import { fetchChat, markChatRead, type TChatTarget } from './api';

export type TChatStatus = 'loading' | 'live' | 'retrying' | 'ended' | 'unavailable';

/** Messages merged by `_id`, oldest first (a `since` poll may repeat the last few). */
function merge(current: readonly TChatMessage[], incoming: readonly TChatMessage[]): TChatMessage[] {
  if (incoming.length === 0) return current as TChatMessage[];
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
}

/**
 * The conversation, kept fresh without a reload: every CHAT_POLL_MS a `since` poll fetches only
 * what is new. A failure doubles the wait (up to CHAT_MAX_BACKOFF_MS); a 401 (session ended) or
 * 403/404 (no access) stops polling for good. New messages from the other side are marked read.
 * One hook per conversation: mount the panel with `key={applicantId}` when the id can change.
 */
export function useChatPoll(target: TChatTarget) {
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [status, setStatus] = useState<TChatStatus>('loading');
  const [header, setHeader] = useState<{ applicantName: string; asStaff: boolean } | null>(null);
  const cursor = useRef<string | undefined>(undefined);
  const asStaffRef = useRef<boolean | null>(null);
  const seen = useRef(new Set<string>());
  const { applicantId, token } = target;

  const accept = useCallback(
    (incoming: readonly TChatMessage[]) => {
      const fresh = incoming.filter((m) => !seen.current.has(m._id));
      for (const m of fresh) seen.current.add(m._id);
      const newest = incoming.at(-1)?.createdAt;
      if (newest && (!cursor.current || newest > cursor.current)) cursor.current = newest;
      if (fresh.length === 0) return;
      setMessages((current) => merge(current, fresh));
      // Something from the other side arrived while the chat is on screen: it is read.
      if (asStaffRef.current !== null && fresh.some((m) => m.isAdmin !== asStaffRef.current)) {
        void markChatRead({ applicantId, token }).catch(() => undefined);
      }
    },
    [applicantId, token],
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = CHAT_POLL_MS;
    let stopped = false;
    const controller = new AbortController();

    async function poll() {
      try {
        const thread = await fetchChat({ applicantId, token }, cursor.current, controller.signal);
        if (stopped) return;
        asStaffRef.current = thread.asStaff;
        setHeader({ applicantName: thread.applicantName, asStaff: thread.asStaff });
        accept(thread.messages);
        setStatus('live');
        delay = CHAT_POLL_MS;
      } catch (error) {
        if (stopped) return;
        if (isApiError(error) && error.status === 401) return void setStatus('ended');
        if (isApiError(error) && (error.status === 403 || error.status === 404)) return void setStatus('unavailable');
        setStatus('retrying');
        delay = Math.min(delay * 2, CHAT_MAX_BACKOFF_MS);
      }
      timer = setTimeout(() => void poll(), delay);
    }
    void poll();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [applicantId, token, accept]);

  return { messages, status, header, accept };
}
