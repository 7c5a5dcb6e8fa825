/** The plug-in registry, for a bench that composes an app's plug-ins by hand: for bench/ only (lint: apron/boundaries). */
export { PluginRegistry } from './registry';
