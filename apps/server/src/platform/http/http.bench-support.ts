/** The grids' total count, timed directly by the bench (bench/src/scenarios/assets.ts): for bench/ only (docs/adr/0004, "Doors"). */
export { countMatching } from './list-count';
