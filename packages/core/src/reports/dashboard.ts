import { z } from 'zod';

/**
 * `GET /api/Dashboard` (issue 14 item 6): the figures a person opens every morning. Staff get the
 * sections of the modules they hold; a company user gets their own company's. A section the caller
 * may not see, or whose module is not built, is absent (never a made-up zero).
 */
const ZWithin = z.object({ d30: z.number(), d60: z.number(), d90: z.number() });

export const ZDashboard = z.object({
  today: z.string(),
  receivables: z.object({ outstanding: z.number(), overdue: z.number(), openInvoices: z.number() }).optional(),
  collected: z.object({ thisMonth: z.number(), lastMonth: z.number(), thisMonthLabel: z.string(), lastMonthLabel: z.string() }).optional(),
  occupancy: z.array(z.object({ typeId: z.string(), type: z.string(), leased: z.number(), available: z.number() })).optional(),
  expiring: z.object({ agreements: ZWithin, insurances: ZWithin }).optional(),
  /** Agreements by insurance compliance status (issue 24; Lease staff). */
  insuranceCompliance: z.object({ compliant: z.number(), deficient: z.number(), expiring: z.number(), expired: z.number() }).optional(),
  waitlistLength: z.number().optional(),
  openInspections: z.number().optional(),
  openWorkorders: z.number().optional(),
  tenant: z
    .object({
      companyId: z.string(),
      amountDue: z.number(),
      overdue: z.number(),
      balance: z.number(),
      nextDue: z.object({ _id: z.string(), invoiceNumber: z.number(), dueDate: z.string().nullable(), amountDue: z.number() }).nullable(),
      agreementsExpiring: ZWithin,
    })
    .optional(),
});
export type TDashboard = z.infer<typeof ZDashboard>;
