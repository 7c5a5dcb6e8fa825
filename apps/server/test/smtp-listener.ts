import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server (smtp-server, the library behind many mail tools) on a local port; every
 * message it accepts is parsed by mailparser, so tests read subjects, recipients and attachments
 * as a mail client would. `test/smtp-sink.ts` stays the minimal sink for delivery-protocol tests.
 */
export interface SmtpListener {
  url: string;
  messages: ParsedMail[];
  close(): Promise<void>;
}

/** `port`: 0 for any free port; a fixed one to bring a listener back where a stopped one was (SMTP down, then up). */
export async function startSmtpListener(port = 0): Promise<SmtpListener> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
