import type { TChatDocument, TChatMessage } from '@apron/core';
import type { MessageDocument, MessageWithDocuments } from './chat.repo';

export function presentChatDocument(row: MessageDocument): TChatDocument {
  return { _id: row.id, name: row.name, contentType: row.contentType, size: row.size };
}

/** The spec's fields (`_id, email, content, createdAt, isAdmin, documents`) plus the sender's name. */
export function presentChatMessage(row: MessageWithDocuments): TChatMessage {
  return {
    _id: row.id,
    email: row.authorEmail,
    sender: row.authorName,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isAdmin: row.isAdmin,
    documents: row.documents.map(presentChatDocument),
  };
}
