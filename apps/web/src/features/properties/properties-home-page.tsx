import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';

const ENTRIES = [
  { to: '/properties/listings', label: 'Listings', secondary: 'Properties, images, documents and lease history' },
  { to: '/properties/types', label: 'Property Types', secondary: 'Types and the attributes each carries' },
  { to: '/properties/attributes', label: 'Property Attributes', secondary: 'Custom fields: Text, Numeric or Date' },
  { to: '/properties/areas', label: 'Property Areas', secondary: 'Areas of the airport' },
] as const;

/** `/properties`: the way to listings and the property master data. */
export function PropertiesHomePage() {
  return (
    <>
      <PageHeader title="Properties" backTo="/" />
      <Paper variant="outlined" sx={{ maxWidth: 640 }}>
        <List aria-label="Properties" disablePadding>
          {ENTRIES.map((entry, index) => (
            <ListItem key={entry.to} disablePadding divider={index < ENTRIES.length - 1}>
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
