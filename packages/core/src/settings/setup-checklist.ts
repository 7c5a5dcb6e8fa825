import { z } from 'zod';

/**
 * The first-run setup checklist (issue 23, "First run without demo data"; docs/setup-checklist.md):
 * what an airport's administrators do before the airport can work, each step done when the data
 * says so (computed by the server), shown on the home page until every step is done or it is dismissed.
 */
export const SETUP_STEPS = [
  { key: 'airport', label: 'Airport name and time zone', to: '/settings/systemsettings' },
  { key: 'logo', label: 'Logo', to: '/settings/logo' },
  { key: 'invoiceCycles', label: 'Invoice cycles', to: '/settings/invoiceCycles' },
  { key: 'paymentTypes', label: 'Payment types', to: '/settings/paymentTypes' },
  { key: 'import', label: 'Import your data', to: '/settings/import' },
  { key: 'staff', label: 'Invite staff', to: '/settings/accounts' },
] as const;

export type TSetupStepKey = (typeof SETUP_STEPS)[number]['key'];

export const ZSetupStep = z.object({
  key: z.enum(SETUP_STEPS.map((step) => step.key) as [TSetupStepKey, ...TSetupStepKey[]]),
  label: z.string(),
  /** Where the step is done (a page of the web app). */
  to: z.string(),
  done: z.boolean(),
});
export type TSetupStep = z.infer<typeof ZSetupStep>;

/** `GET /api/Setup`, `POST /api/Setup/Dismiss`. */
export const ZSetupChecklist = z.object({
  /** Show it: not a demo, not dismissed, and a step is still to do. */
  visible: z.boolean(),
  dismissed: z.boolean(),
  steps: z.array(ZSetupStep),
});
export type TSetupChecklist = z.infer<typeof ZSetupChecklist>;
