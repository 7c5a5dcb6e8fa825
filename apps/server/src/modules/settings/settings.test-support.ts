/** What tests of other modules set up through settings, kept out of its door (docs/adr/0004, "Doors"). */
export { setSystemSetting } from './settings.service';
