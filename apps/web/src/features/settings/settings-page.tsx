import { isModuleAdmin } from '@apron/core/access';
import { settingsEntriesFor } from '@apron/core/settings';
import { useAccess } from '../../lib/session';
import { LinkListPage } from '../../components/link-list-page';

/** The Settings entries in the spec's order; the admin-only ones (Accounts, Property FactSheet, Notifications Sent) for Settings admins only. */
export function SettingsPage() {
  const { user } = useAccess();
  const entries = settingsEntriesFor(isModuleAdmin(user, 'Settings')).map((entry) => ({ to: `/settings/${entry.route}`, label: entry.label }));
  return <LinkListPage title="Settings" backTo="/" entries={entries} />;
}
