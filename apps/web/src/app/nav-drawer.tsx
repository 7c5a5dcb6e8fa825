import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import LogoutIcon from '@mui/icons-material/Logout';
import { NavLink } from 'react-router';
import { menuFor, type TSessionUser } from '@apron/core/access';
import { MenuItemIcon } from './menu-icons';

export const DRAWER_WIDTH = 240;

export interface TNavDrawerProps {
  user: TSessionUser;
  open: boolean;
  onClose: () => void;
  onLogOut: () => void;
}

/** The right-side drawer: the links this user may see, then Log Out. */
export function NavDrawer({ user, open, onClose, onLogOut }: TNavDrawerProps) {
  const items = menuFor(user);
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': 'Menu' } }}>
      <Box component="nav" aria-label="Main menu">
        <List>
          {items.map((item) => (
            <ListItem key={item.key} disablePadding>
              <ListItemButton component={NavLink} to={item.route} end={item.route === '/'} onClick={onClose}>
                <ListItemIcon>
                  <MenuItemIcon itemKey={item.key} />
                </ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider />
        <List>
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => {
                onClose();
                onLogOut();
              }}
            >
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Log Out" />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
