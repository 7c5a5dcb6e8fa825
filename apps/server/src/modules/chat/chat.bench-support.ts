/**
 * What the endpoints bench (bench/src/scenarios/endpoints*.ts) calls bare, without the framework
 * around it: for bench/ only (lint: apron/boundaries; docs/adr/0004, "Doors").
 */
export { countUnreadForApplicants } from './chat.repo';
