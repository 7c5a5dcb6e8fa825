/** The imports module's door (issue 23). Stand-in until imports-engine is merged: the kinds' registry. */
export { importKind, importKindNames } from './kinds';
