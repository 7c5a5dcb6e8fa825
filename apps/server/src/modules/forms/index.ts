import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { formsRoutes } from './forms.routes';

/**
 * Forms (form-js schemas with versions): the module's public door. Inspections, work orders
 * and assets store `formId` + `formVersion` and check answers with `validateAnswers`.
 */
export async function registerForms(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await formsRoutes(app, ctx);
}

export { getFormVersion, validateAnswers } from './forms.service';
export { failedChecks } from '@apron/core';
export { ensureDemoForm } from './demo-forms';
