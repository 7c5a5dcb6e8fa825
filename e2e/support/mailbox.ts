import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from './env';

/**
 * The portal's outgoing mail, received by one real SMTP server for the whole run (started by
 * global-setup.ts on E2E_SMTP_PORT, where the journeys' server sends). Each message is kept as a
 * file in E2E_MAIL_DIR with its envelope recipients, so journeys running in parallel workers each
 * read their own recipient's mail and none holds the port the others need.
 */
interface TStoredMail {
  to: string[];
  raw: string;
}

export async function startMailStore(): Promise<() => Promise<void>> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        const mail: TStoredMail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') };
        writeFileSync(path.join(E2E_MAIL_DIR, `${Date.now()}-${++received}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The mail received so far for one recipient, oldest first. */
async function mailTo(address: string): Promise<ParsedMail[]> {
  const wanted = address.toLowerCase();
  const stored = readdirSync(E2E_MAIL_DIR)
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((file) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8')) as TStoredMail)
    .filter((mail) => mail.to.includes(wanted));
  return Promise.all(stored.map((mail) => simpleParser(mail.raw)));
}

/** Waits for the first message to `address` whose text matches `pattern` (delivery runs every minute). */
export async function waitForMail(address: string, pattern: RegExp, timeout = 90_000): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(address)).find((mail) => pattern.test(mail.text ?? ''));
      return found !== undefined;
    }, { message: `an e-mail to ${address} matching ${pattern}`, timeout, intervals: [500, 1_000] })
    .toBe(true);
  return found!;
}
