import { isModuleAdmin } from '@apron/core/access';
import { settingsEntriesFor } from '@apron/core/settings';
import { useAccess } from '../../lib/session';
import { LinkListPage } from '../../components/link-list-page';

/** Not an airport's setting: the deployment's airports, for authority administrators only (issue 22). */
const AIRPORTS_ENTRY = { to: '/settings/airports', label: 'Airports' };
/** The logo of the airport the Settings admin works at (its record, not a system setting; docs/airports.md). */
const LOGO_ENTRY = { to: '/settings/logo', label: 'Airport Logo' };

/**
 * The Settings entries in the spec's order; the admin-only ones (Accounts, Property FactSheet,
 * Notifications Sent) and Airport Logo for Settings admins only, then Airports for authority administrators.
 */
export function SettingsPage() {
  const { user } = useAccess();
  const entries: { to: string; label: string }[] = settingsEntriesFor(isModuleAdmin(user, 'Settings')).map((entry) => ({ to: `/settings/${entry.route}`, label: entry.label }));
  if (isModuleAdmin(user, 'Settings')) entries.push(LOGO_ENTRY);
  if (user?.isAuthorityAdmin) entries.push(AIRPORTS_ENTRY);
  return <LinkListPage title="Settings" backTo="/" entries={entries} />;
}
