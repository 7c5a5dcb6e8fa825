import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fromCents, RENT_ADJUSTMENT_MESSAGES, ZIdParams, ZRentAdjustmentApplied, ZRentAdjustmentPreview } from '@apron/core';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { isLeaseAdmin } from './agreements.policy';
import { loadAgreement } from './agreements.routes';
import { adjustmentCalendar, applyDueAdjustments, planAdjustments, presentPlanRow } from './rent-adjustment.service';

const tags = ['agreements'];

/** Rent adjustment of an agreement's properties: preview (Lease staff) and apply (Lease admins). */
export async function rentAdjustmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Agreements/RentAdjustment/:id/Preview',
    { config: { access: 'module:Lease' }, schema: { tags, params: ZIdParams, response: { 200: ZRentAdjustmentPreview } } },
    async (request) => {
      const agreement = await loadAgreement(ctx.db, request.user, request.params.id);
      const cal = await adjustmentCalendar(ctx.db);
      const plan = (await planAdjustments(ctx.db, agreement.id, cal))!;
      const due = plan.rows.filter((row) => row.due);
      return {
        agreementId: agreement.id,
        today: cal.today,
        paymentTypeName: plan.subject.paymentTypeName,
        skuType: plan.subject.skuType,
        adjustmentDate: agreement.adjustmentDate,
        adjustmentFreq: agreement.adjustmentFreq,
        rows: plan.rows.map((row) => presentPlanRow(row, plan.subject)),
        canApply: isLeaseAdmin(request.user) && agreement.status !== 'Archived' && due.length > 0 && due.every((row) => !row.problem),
      };
    },
  );

  r.post(
    '/api/Agreements/RentAdjustment/:id',
    { config: { access: 'admin:Lease' }, schema: { tags, params: ZIdParams, response: { 200: ZRentAdjustmentApplied } } },
    async (request) => {
      const agreement = await loadAgreement(ctx.db, request.user, request.params.id);
      const cal = await adjustmentCalendar(ctx.db);
      const applied = await ctx.db.transaction((tx) => applyDueAdjustments(tx, actorOf(request), agreement.id, cal));
      return {
        message: applied.length > 0 ? RENT_ADJUSTMENT_MESSAGES.applied : RENT_ADJUSTMENT_MESSAGES.nothingDue,
        applied: applied.map((a) => ({ propertyId: a.propertyId, effectiveDate: a.effectiveDate, oldRent: fromCents(a.oldCents), newRent: fromCents(a.newCents), reason: a.reason })),
      };
    },
  );
}
