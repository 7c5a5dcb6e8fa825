import { createElement } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Assessment from '@mui/icons-material/Assessment';
import Business from '@mui/icons-material/Business';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Email from '@mui/icons-material/Email';
import Flight from '@mui/icons-material/Flight';
import Home from '@mui/icons-material/HomeWork';
import Inventory from '@mui/icons-material/Inventory';
import ListAlt from '@mui/icons-material/ListAlt';
import Notifications from '@mui/icons-material/Notifications';
import Receipt from '@mui/icons-material/Receipt';
import Settings from '@mui/icons-material/Settings';
import Build from '@mui/icons-material/Build';
import FactCheck from '@mui/icons-material/FactCheck';
import CreditCardOff from '@mui/icons-material/CreditCardOff';

const ICONS: Record<string, SvgIconComponent> = {
  dashboard: Dashboard,
  owners: Business,
  tiedown: Flight,
  properties: Home,
  listings: Home,
  agreements: Description,
  waitlist: ListAlt,
  settings: Settings,
  invoices: Receipt,
  myaccount: AccountCircle,
  reports: Assessment,
  alerts: Notifications,
  appointments: CalendarMonth,
  inspections: FactCheck,
  workorders: Build,
  assets: Inventory,
  contact: Email,
  lostCard: CreditCardOff,
};

/** The icon of a menu item or landing card (decorative: hidden from assistive technology). */
export function MenuItemIcon({ itemKey, ...props }: SvgIconProps & { itemKey: string }) {
  return createElement(ICONS[itemKey] ?? Dashboard, { 'aria-hidden': true, ...props });
}
