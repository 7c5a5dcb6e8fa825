import type { TContactMessage, TLostCardReport } from '@apron/core';

/**
 * Public-form messages rendered on the server from the validated fields, as plain text: the
 * same text is the alert body and the e-mail body. Nothing from the client is used as HTML.
 */
export interface RenderedMessage {
  subject: string;
  body: string;
}

function lines(entries: Array<[string, string]>): string {
  return entries
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

/** One line for a subject: no line breaks can reach a mail header. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function renderContactMessage(input: TContactMessage): RenderedMessage {
  return {
    subject: oneLine(`Contact Us: ${input.subject}`),
    body: `A visitor sent a message from the Contact Us form.\n\n${lines([
      ['Name', input.name],
      ['Email', input.email],
      ['Phone', input.phone],
      ['Subject', input.subject],
    ])}\n\n${input.message}\n`,
  };
}

export function renderLostCardReport(input: TLostCardReport): RenderedMessage {
  return {
    subject: oneLine(`Lost/Stolen Card: ${input.name}`),
    body: `A lost or stolen access card was reported.\n\n${lines([
      ['Name', input.name],
      ['Email', input.email],
      ['Phone', input.phone],
      ['Company', input.company],
      ['Card Number', input.cardNumber],
    ])}\n\nDetails:\n${input.message}\n`,
  };
}
