import { startMailStore } from './mailbox';

/** One SMTP listener for the whole run (support/mailbox.ts); closed when the run ends. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailStore();
}
