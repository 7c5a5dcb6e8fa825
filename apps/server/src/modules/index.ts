import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { healthRoutes } from '../platform/http/health.routes';
import { registerSettings } from './settings/index';
import { registerAccounts } from './accounts/index';
import { registerIdentity } from './identity/index';
import { registerProperties } from './properties/index';
import { registerAttachments } from './attachments/index';
import { registerAlerts } from './alerts/index';
import { registerPlatformJobs } from '../platform/jobs/platform-jobs';
import { registerCompanies } from './companies/index';
import { registerAgreements } from './agreements/index';
import { registerInvoices } from './invoices/index';
import { registerPayments } from './payments/index';
import { registerBalances } from './balances/index';
import { registerTiedowns } from './tiedowns/index';
import { registerReports } from './reports/index';
import { registerGasb87 } from './gasb87/index';
import { registerWorkorders } from './workorders/index';
import { registerForms } from './forms/index';
import { registerInspections } from './inspections/index';
import { registerAssets } from './assets/index';
import { registerAppointments } from './appointments/index';
import { registerChat } from './chat/index';
import { registerWaitlist } from './waitlist/index';
import { registerNotifications } from './notifications/index';
import { registerAirports } from './airports/index';
import { registerImports } from './imports/index';
import { registerExports } from './exports/index';

/**
 * Every module's routes, registered in this order. A module's index.ts (its door) exports its
 * `register` function, which only this list imports, and the functions and types other modules
 * call (lint: apron-doors/door-exports); tests, the demo and the bench take the rest from its
 * `*.test-support.ts`, `*.seed-support.ts` and `*.bench-support.ts` (docs/adr/0004, "Doors").
 */
export const MODULES: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [healthRoutes, registerSettings, registerAccounts, registerIdentity, registerProperties, registerPlatformJobs, registerAttachments, registerAlerts, registerCompanies, registerAgreements, registerGasb87, registerInvoices, registerPayments, registerBalances, registerTiedowns, registerReports, registerAppointments, registerForms, registerInspections, registerAssets, registerWaitlist, registerChat, registerWorkorders, registerNotifications, registerAirports, registerImports, registerExports];
