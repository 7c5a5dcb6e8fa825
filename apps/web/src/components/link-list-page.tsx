import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from './page-header';

export interface TLinkListEntry {
  to: string;
  label: string;
  secondary?: string;
}

/** A page that is a list of links to other pages (Settings, the Properties home): its header, then one row per entry. */
export function LinkListPage(props: { title: string; backTo: string; entries: readonly TLinkListEntry[] }) {
  const { title, backTo, entries } = props;
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <Paper variant="outlined" sx={{ maxWidth: 640 }}>
        <List aria-label={title} disablePadding>
          {entries.map((entry, index) => (
            <ListItem key={entry.to} disablePadding divider={index < entries.length - 1}>
              <ListItemButton component={RouterLink} to={entry.to}>
                <ListItemText primary={entry.label} secondary={entry.secondary} />
                <ChevronRightIcon aria-hidden />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
