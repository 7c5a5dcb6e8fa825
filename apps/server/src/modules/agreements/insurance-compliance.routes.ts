import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFields } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  isModuleAdmin, ZAgreementIdParams, ZAgreementRequirements, ZCompliance, ZIdParams, ZInsurance, ZPropertyTypeIdParams, ZPropertyTypeRequirements,
  ZRejectInsurance, ZRequirementsInput, ZTenantCertificateUpload, type TSessionUser,
} from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors/app-error';
import { fieldErrorsFromIssues } from '../../platform/errors/error-handler';
import type { ZodApp } from '../../platform/http/zod-app';
import { cleanFileName, type IncomingFile } from '../attachments/index';
import { isCompanyUser } from '../companies/index';
import * as links from './agreement-properties.repo';
import { agreementScopeOf, isLeaseAdmin, isPropertyAdmin } from './agreements.policy';
import { presentInsurance } from './agreements.presenter';
import { loadAgreement } from './agreements.routes';
import { attachCertificate, requireReviewer, reviewInsurance, uploadTenantCertificate } from './insurance-certificates.service';
import { getCompliance } from './insurance-compliance.service';
import * as requirements from './insurance-requirements.service';

const tags = ['insurance'];

/** Requirements per property type: Settings admins (master data) or Lease admins. */
function requireRequirementsEditor(user: TSessionUser | null): void {
  if (!isModuleAdmin(user, 'Settings') && !isLeaseAdmin(user)) throw forbidden();
}

/** The insurance in the caller's scope (another company's or airport's: 404). */
async function loadInsurance(ctx: AppContext, user: TSessionUser | null, id: string) {
  const row = await links.findInsurance(ctx.db, id);
  const scope = agreementScopeOf(user);
  if (!row || (scope.companyId && scope.companyId !== row.companyId)) throw notFound('Insurance not found');
  return row;
}

/** The multipart text fields (the first value of each) and the file; fields must come before it. */
async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file: IncomingFile & { drain(): void } }> {
  if (!request.isMultipart()) throw fieldError('file', 'File is required');
  const part = await request.file();
  if (!part) throw fieldError('file', 'File is required');
  const fields: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(part.fields as MultipartFields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first?.type === 'field') fields[name] = first.value;
  }
  return {
    fields,
    file: { stream: part.file, filename: cleanFileName(part.filename), truncated: () => part.file.truncated, drain: () => part.file.resume() },
  };
}

export async function insuranceComplianceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  propertyTypeRequirementRoutes(r, ctx);
  agreementRequirementRoutes(r, ctx);
  reviewRoutes(r, ctx);
  tenantRoutes(r, ctx);
}

function propertyTypeRequirementRoutes(r: ZodApp, ctx: AppContext): void {
  const url = '/api/Insurance/Requirements/PropertyTypes/:propertyTypeId';
  r.get(url, { config: { access: 'internal' }, schema: { tags, params: ZPropertyTypeIdParams, response: { 200: ZPropertyTypeRequirements } } }, async (request) => {
    if (!(await requirements.propertyTypeExists(ctx.db, request.params.propertyTypeId))) throw notFound('Property type not found');
    return { requirements: await requirements.listPropertyTypeRequirements(ctx.db, request.params.propertyTypeId) };
  });
  r.put(
    url,
    { config: { access: 'internal' }, schema: { tags, params: ZPropertyTypeIdParams, body: ZRequirementsInput, response: { 200: ZPropertyTypeRequirements } } },
    async (request) => {
      requireRequirementsEditor(request.user);
      const id = request.params.propertyTypeId;
      await ctx.db.transaction((tx) => requirements.replacePropertyTypeRequirements(tx, signedInActorOf(request), id, request.body.requirements));
      return { requirements: await requirements.listPropertyTypeRequirements(ctx.db, id) };
    },
  );
}

function agreementRequirementRoutes(r: ZodApp, ctx: AppContext): void {
  const url = '/api/Insurance/Requirements/Agreements/:agreementId';
  const schema = { tags, params: ZAgreementIdParams, response: { 200: ZAgreementRequirements } };
  r.get(url, { config: { access: 'signedIn' }, schema }, async (request) => {
    await loadAgreement(ctx.db, request.user, request.params.agreementId);
    return requirements.effectiveRequirements(ctx.db, request.params.agreementId);
  });
  r.put(url, { config: { access: 'internal' }, schema: { ...schema, body: ZRequirementsInput } }, async (request) => {
    if (!isLeaseAdmin(request.user)) throw forbidden();
    await loadAgreement(ctx.db, request.user, request.params.agreementId);
    await ctx.db.transaction((tx) => requirements.setAgreementRequirements(tx, signedInActorOf(request), request.params.agreementId, request.body.requirements));
    return requirements.effectiveRequirements(ctx.db, request.params.agreementId);
  });
  r.delete(url, { config: { access: 'internal' }, schema }, async (request) => {
    if (!isLeaseAdmin(request.user)) throw forbidden();
    await loadAgreement(ctx.db, request.user, request.params.agreementId);
    await ctx.db.transaction((tx) => requirements.clearAgreementRequirements(tx, signedInActorOf(request), request.params.agreementId));
    return requirements.effectiveRequirements(ctx.db, request.params.agreementId);
  });
  r.get(
    '/api/Insurance/Compliance/Agreements/:agreementId',
    { config: { access: 'signedIn' }, schema: { tags, params: ZAgreementIdParams, response: { 200: ZCompliance } } },
    async (request) => {
      await loadAgreement(ctx.db, request.user, request.params.agreementId);
      return getCompliance(ctx.db, request.params.agreementId);
    },
  );
}

/** Staff: attach a certificate, approve, reject. */
function reviewRoutes(r: ZodApp, ctx: AppContext): void {
  r.post(
    '/api/Insurances/:id/Certificate',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, consumes: ['multipart/form-data'], response: { 200: ZInsurance } } },
    async (request) => {
      if (!isLeaseAdmin(request.user) && !isPropertyAdmin(request.user)) throw forbidden();
      const current = await loadInsurance(ctx, request.user, request.params.id);
      const { file } = await readUpload(request);
      try {
        await attachCertificate(ctx, signedInActorOf(request), current.insurance, current.agreementId, file);
      } finally {
        file.drain();
      }
      return presentInsurance((await links.findInsurance(ctx.db, current.insurance.id))!);
    },
  );
  r.post('/api/Insurances/:id/Approve', { config: { access: 'internal' }, schema: { tags, params: ZIdParams, response: { 200: ZInsurance } } }, async (request) => {
    requireReviewer(request.user);
    const current = await loadInsurance(ctx, request.user, request.params.id);
    await ctx.db.transaction((tx) => reviewInsurance(tx, signedInActorOf(request), current.insurance, current.agreementId, { approve: true }));
    return presentInsurance((await links.findInsurance(ctx.db, current.insurance.id))!);
  });
  r.post(
    '/api/Insurances/:id/Reject',
    { config: { access: 'internal' }, schema: { tags, params: ZIdParams, body: ZRejectInsurance, response: { 200: ZInsurance } } },
    async (request) => {
      requireReviewer(request.user);
      const current = await loadInsurance(ctx, request.user, request.params.id);
      const reason = request.body.reason;
      await ctx.db.transaction((tx) => reviewInsurance(tx, signedInActorOf(request), current.insurance, current.agreementId, { approve: false, reason }));
      return presentInsurance((await links.findInsurance(ctx.db, current.insurance.id))!);
    },
  );
}

/** A company user's own agreements only; any other agreement is not found. */
async function loadOwnAgreement(ctx: AppContext, user: TSessionUser | null, agreementId: string) {
  if (!isCompanyUser(user)) throw forbidden();
  return loadAgreement(ctx.db, user, agreementId);
}

function tenantRoutes(r: ZodApp, ctx: AppContext): void {
  r.get(
    '/api/Company/Agreements/:agreementId/Insurance',
    { config: { access: 'signedIn' }, schema: { tags, params: ZAgreementIdParams, response: { 200: ZCompliance } } },
    async (request) => {
      await loadOwnAgreement(ctx, request.user, request.params.agreementId);
      return getCompliance(ctx.db, request.params.agreementId);
    },
  );
  /** Multipart: the text fields, then `file` (PDF, PNG or JPEG). */
  r.post(
    '/api/Company/Agreements/:agreementId/Certificates',
    { config: { access: 'signedIn' }, schema: { tags, params: ZAgreementIdParams, consumes: ['multipart/form-data'], response: { 201: ZInsurance } } },
    async (request, reply) => {
      await loadOwnAgreement(ctx, request.user, request.params.agreementId);
      const { fields, file } = await readUpload(request);
      try {
        const parsed = ZTenantCertificateUpload.safeParse(fields);
        if (!parsed.success) throw new AppError('VALIDATION', 'Invalid fields', fieldErrorsFromIssues(parsed.error.issues));
        const id = await uploadTenantCertificate(ctx, signedInActorOf(request), request.params.agreementId, parsed.data, file);
        return reply.status(201).send(presentInsurance((await links.findInsurance(ctx.db, id))!));
      } finally {
        file.drain();
      }
    },
  );
}
