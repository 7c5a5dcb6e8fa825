import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZGeocodeQuery, ZGeocodeResult } from '@apron/core';
import {
  ASSET_MESSAGES, ZAsset, ZAssetForm, ZAssetGridRow, ZAssetListQuery, ZAssetMap, ZAssetMapQuery, ZAssetWriteBase, ZMasterAsset, ZMasterAssetDeleted, ZMasterAssetInput,
} from '@apron/core/assets/index';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { getFormVersion } from '../forms/index';
import { GEOCODE_RATE_LIMIT, searchPlaces } from '../properties/index';
import { countMatching, sendListCount } from '../../platform/http/list-count';
import type { ZodApp } from '../../platform/http/zod-app';
import * as masterRepo from './asset-masters.repo';
import * as masters from './asset-masters.service';
import { MASTER_WRITE_RULE } from './assets.policy';
import { presentAsset, presentAssetGridRow, presentMapPoint, presentMaster } from './assets.presenter';
import * as repo from './assets.repo';
import * as service from './assets.service';

const tags = ['assets'];
/** A malformed id is the spec's 'Invalid Id' (400), a well-formed unknown one a 404 with the same text. */
const ZInvalidIdParams = z.object({ id: z.string({ error: ASSET_MESSAGES.invalidId }).uuid(ASSET_MESSAGES.invalidId) });
/** The fixed part is checked here; the configured values by the master's schema in the service. */
const ZAssetBody = ZAssetWriteBase.pick({ assetId: true }).loose();

const writer = (request: FastifyRequest) => ({ ...actorOf(request), userId: request.user?.id ?? null });

/** Master assets (Settings) and the asset register: list, map, one asset, create, update. */
export async function assetsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  masterAssetRoutes(r, ctx);
  assetRoutes(r, ctx);
}

function masterAssetRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Master assets --------------------------------------------------------------------------
  const listMasters = async (request: FastifyRequest) =>
    (await masterRepo.listMasters(ctx.db)).map((row) => presentMaster(row, row.assetCount, request.user));
  r.get('/api/Assets/Masters', { config: { access: 'internal' }, schema: { tags, response: { 200: z.array(ZMasterAsset) } } }, listMasters);
  // The spec's name for the asset types with their field configuration (the asset form reads it).
  r.get('/api/Assets/GetSimulateAssetfields', { config: { access: 'internal' }, schema: { tags, response: { 200: z.array(ZMasterAsset) } } }, listMasters);

  r.get('/api/Assets/Masters/:id', { config: { access: 'internal' }, schema: { tags, params: ZInvalidIdParams, response: { 200: ZMasterAsset } } }, async (request) => {
    const row = await masterRepo.findMaster(ctx.db, request.params.id);
    if (!row) throw notFound(ASSET_MESSAGES.invalidId);
    const count = (await masterRepo.countAssetsByMaster(ctx.db, [row.id])).get(row.id) ?? 0;
    return presentMaster(row, count, request.user);
  });

  r.post('/api/Assets/Masters', { config: { access: MASTER_WRITE_RULE }, schema: { tags, body: ZMasterAssetInput, response: { 201: ZMasterAsset } } }, async (request, reply) => {
    const row = await ctx.db.transaction((tx) => masters.createMaster(tx, actorOf(request), request.body));
    return reply.status(201).send(presentMaster(row, 0, request.user));
  });

  r.put(
    '/api/Assets/Masters/:id',
    { config: { access: MASTER_WRITE_RULE }, schema: { tags, params: ZInvalidIdParams, body: ZMasterAssetInput, response: { 200: ZMasterAsset } } },
    async (request) => {
      const row = await ctx.db.transaction((tx) => masters.updateMaster(tx, actorOf(request), request.params.id, request.body));
      const count = (await masterRepo.countAssetsByMaster(ctx.db, [row.id])).get(row.id) ?? 0;
      return presentMaster(row, count, request.user);
    },
  );

  r.delete(
    '/api/Assets/Masters/:id',
    { config: { access: MASTER_WRITE_RULE }, schema: { tags, params: ZInvalidIdParams, response: { 200: ZMasterAssetDeleted } } },
    async (request) => {
      await ctx.db.transaction((tx) => masters.deleteMaster(tx, actorOf(request), request.params.id));
      return { message: ASSET_MESSAGES.deleted };
    },
  );
}

function assetRoutes(r: ZodApp, ctx: AppContext): void {
  // ---- Assets -----------------------------------------------------------------------------------
  r.get(
    '/api/Assets/GetAssets',
    { config: { access: 'internal' }, schema: { tags, querystring: ZAssetListQuery, response: { 200: z.array(ZAssetGridRow) } } },
    async (request, reply) => {
      const master = request.query.assetId ? await masterRepo.findMaster(ctx.db, request.query.assetId) : null;
      if (request.query.assetId && !master) throw notFound(ASSET_MESSAGES.invalidId);
      const plan = service.planAssetList(master, request.query);
      const [rows, counted] = await Promise.all([repo.listAssets(ctx.db, plan), countMatching(ctx.db, repo.matchingAssets(ctx.db, plan), request.query)]);
      sendListCount(reply, counted);
      const byId = new Map<string, NonNullable<typeof master>>(master ? [[master.id, master]] : []);
      for (const id of new Set(rows.map((row) => row.masterId))) {
        if (!byId.has(id)) byId.set(id, (await masterRepo.findMaster(ctx.db, id))!);
      }
      return rows.map((row) => presentAssetGridRow(row, byId.get(row.masterId)!));
    },
  );

  // The map's address search: the properties module's Geocode proxy, for everyone who uses assets.
  r.get(
    '/api/Assets/Geocode',
    { config: { access: 'internal', rateLimit: GEOCODE_RATE_LIMIT }, schema: { tags, querystring: ZGeocodeQuery, response: { 200: z.array(ZGeocodeResult) } } },
    async (request) => searchPlaces(ctx.config, request.query.q, request),
  );

  r.get('/api/Assets/Map', { config: { access: 'internal' }, schema: { tags, querystring: ZAssetMapQuery, response: { 200: ZAssetMap } } }, async (request) => {
    const answer = await service.assetMap(ctx.db, request.query);
    return {
      total: answer.total,
      points: answer.points.map(presentMapPoint),
      clusters: answer.clusters.map((cell) => ({ lat: cell.lat, lon: cell.lon, count: cell.count, assetId: cell.masterId })),
    };
  });

  r.get('/api/Assets/GetAssetById/:id', { config: { access: 'internal' }, schema: { tags, params: ZInvalidIdParams, response: { 200: ZAsset } } }, async (request) => {
    const row = await repo.findAsset(ctx.db, request.params.id);
    const master = row ? await masterRepo.findMaster(ctx.db, row.masterId) : null;
    if (!row || !master) throw notFound(ASSET_MESSAGES.invalidId);
    return presentAsset(row, master, request.user);
  });

  r.get('/api/Assets/GetSimulateAsset/:id', { config: { access: 'internal' }, schema: { tags, params: ZInvalidIdParams, response: { 200: ZAssetForm } } }, async (request) => {
    const row = await repo.findAsset(ctx.db, request.params.id);
    const master = row ? await masterRepo.findMaster(ctx.db, row.masterId) : null;
    if (!row || !master) throw notFound(ASSET_MESSAGES.invalidId);
    const form = await getFormVersion(ctx.db, master.formId, row.formVersion ?? undefined);
    if (!form) throw notFound(ASSET_MESSAGES.formNotFound);
    return { formId: form.formId, name: form.name, version: form.version, schema: form.schema as unknown as Record<string, unknown>, data: row.data };
  });

  r.post('/api/Assets/CreateAsset', { config: { access: 'internal' }, schema: { tags, body: ZAssetBody, response: { 201: ZAsset } } }, async (request, reply) => {
    const { row, master } = await ctx.db.transaction((tx) => service.createAsset(tx, writer(request), request.body));
    return reply.status(201).send(presentAsset(row, master, request.user));
  });

  r.put(
    '/api/Assets/UpdateAsset/:id',
    { config: { access: 'internal' }, schema: { tags, params: ZInvalidIdParams, body: ZAssetBody, response: { 200: ZAsset } } },
    async (request) => {
      const { row, master } = await ctx.db.transaction((tx) => service.updateAsset(tx, writer(request), request.params.id, request.body));
      return presentAsset(row, master, request.user);
    },
  );
}
