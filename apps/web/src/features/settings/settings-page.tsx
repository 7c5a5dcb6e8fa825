import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import { settingsEntriesFor } from '@apron/core/settings';
import { useAccess } from '../../lib/session';
import { PageHeader } from '../../components/page-header';

/** The Settings entries in the spec's order; the admin-only ones (Accounts, Property FactSheet, Notifications Sent) for Settings admins only. */
export function SettingsPage() {
  const { user } = useAccess();
  const entries = settingsEntriesFor(isModuleAdmin(user, 'Settings'));
  return (
    <>
      <PageHeader title="Settings" backTo="/" />
      <Paper variant="outlined" sx={{ maxWidth: 640 }}>
        <List aria-label="Settings" disablePadding>
          {entries.map((entry, index) => (
            <ListItem key={entry.key} disablePadding divider={index < entries.length - 1}>
              <ListItemButton component={RouterLink} to={`/settings/${entry.route}`}>
                <ListItemText primary={entry.label} />
                <ChevronRightIcon aria-hidden />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
