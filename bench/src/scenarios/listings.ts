import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { createSession, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import { seedBenchProperties } from '../../../apps/server/src/modules/properties/properties.seed-support';
import type { HttpScenario } from '../scenarios';

/**
 * Issue 3 item 13: the public `/api/Listings` first page sorted by rent, and the staff grid
 * filtered by type, over `size` properties (bulk SQL from the properties module). The SQL below
 * is what the app runs (listings.repo.ts / properties.repo.ts, with Leased from the agreements
 * module's lease source, agreement-properties.repo.ts `leasedPropertyIdsSql`); the baseline runs
 * it bare.
 *
 * To enable: add `...LISTINGS_SCENARIOS` to `HTTP_SCENARIOS` in ../scenarios.ts, and in
 * ../baseline-server.ts call `registerListingsBaseline(app, database, scenario, findUser)` before
 * the "No baseline" branch.
 */
export const LISTINGS_PAGE_SQL = `select p.id, p.name, a.name as area_name, p.available_date, p.rent_cents, p.description,
    coalesce(p.header_thumb_key, (select i.thumb_key from property_images i where i.property_id = p.id order by i.position, i.id limit 1)) as thumb_key,
    p.lat, p.lon, t.name as type_name
  from properties p
  inner join property_types t on t.id = p.property_type_id
  inner join property_areas a on a.id = p.area_id
  where p.visible_to_external and p.status = 'Active'
  order by p.rent_cents asc, p.id asc limit $1 offset $2`;
export const LISTINGS_COUNT_SQL = `select count(*)::int as n from (select 1 from properties p
  where p.visible_to_external and p.status = 'Active' limit 1001) matching`;

export const GRID_BY_TYPE_PAGE_SQL = `select p.id, p.name, p.description, p.address, p.property_type_id, t.name as type_name, p.area_id,
    a.name as area_name, p.rent_cents, p.available_date, p.visible_to_external,
    case when p.status = 'Inactive' then 'Inactive'
         when p.id in (select ap.property_id from agreement_properties ap
                       where not ap.archived and ap.start_date <= current_date and (ap.end_date is null or ap.end_date >= current_date)) then 'Leased'
         else 'Active' end as status,
    coalesce(p.header_thumb_key, (select i.thumb_key from property_images i where i.property_id = p.id order by i.position, i.id limit 1)) as thumb_key
  from properties p
  inner join property_types t on t.id = p.property_type_id
  inner join property_areas a on a.id = p.area_id
  where p.property_type_id = $1
  order by lower(p.name) asc, p.id asc limit $2 offset $3`;
export const GRID_BY_TYPE_COUNT_SQL = 'select count(*)::int as n from properties p where p.property_type_id = $1';

async function propertyCaller(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     values ('load-property@bench.apron.test', 'Load', 'Property', true, false, '{Property}'::text[]) returning id`,
  );
  const session = await createSession(database.db, String(rows[0]!.id));
  return { cookie: `${SESSION_COOKIE}=${session.token}` };
}

export const LISTINGS_SCENARIOS: Record<string, HttpScenario> = {
  listings: {
    name: 'listings',
    description: 'GET /api/Listings?sort=rent:asc&page=1&pageSize=10 (public, anonymous) over `size` properties',
    defaultSize: 100_000,
    async seed(database, size) {
      await seedBenchProperties(database.db, size);
      return { path: '/api/Listings?sort=rent:asc&page=1&pageSize=10', headers: {}, expectHeader: 'x-total-count' };
    },
  },
  'property-grid': {
    name: 'property-grid',
    description: 'GET /api/Property/Grid?propertyType=<id>&sort=name:asc (staff) over `size` properties in 5 types',
    defaultSize: 100_000,
    async seed(database, size) {
      const { typeIds } = await seedBenchProperties(database.db, size);
      return {
        path: `/api/Property/Grid?propertyType=${typeIds[0]}&sort=name:asc&page=1&pageSize=10`,
        headers: await propertyCaller(database),
        expectHeader: 'x-total-count',
      };
    },
  },
};

/** The bare baseline routes for the two scenarios; false when `scenario` is not one of them. */
export function registerListingsBaseline(
  app: FastifyInstance,
  database: Database,
  scenario: string | undefined,
  findUser: (cookie: string | undefined) => Promise<Record<string, unknown> | null>,
): boolean {
  if (scenario === 'listings') {
    app.get('/api/Listings', async (request, reply) => {
      const query = request.query as { page?: string; pageSize?: string };
      const pageSize = Number(query.pageSize ?? 10);
      const offset = (Number(query.page ?? 1) - 1) * pageSize;
      const [page, counted] = await Promise.all([database.query(LISTINGS_PAGE_SQL, [pageSize, offset]), database.query(LISTINGS_COUNT_SQL)]);
      reply.header('x-total-count', String(Math.min(Number(counted.rows[0]?.n ?? 0), 10_000)));
      return page.rows.map((row) => ({
        _id: row.id, propertyName: row.name, areaName: row.area_name, dateAvailable: row.available_date, rent: Number(row.rent_cents) / 100,
        description: row.description, image: row.thumb_key ? `/api/Property/List/Images/${String(row.thumb_key)}` : null,
        location: { lat: row.lat, lon: row.lon }, type: row.type_name,
      }));
    });
    return true;
  }
  if (scenario === 'property-grid') {
    app.get('/api/Property/Grid', async (request, reply) => {
      const user = await findUser(request.headers.cookie);
      if (!user) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      const query = request.query as { page?: string; pageSize?: string; propertyType?: string };
      const pageSize = Number(query.pageSize ?? 10);
      const offset = (Number(query.page ?? 1) - 1) * pageSize;
      const [page, counted] = await Promise.all([
        database.query(GRID_BY_TYPE_PAGE_SQL, [query.propertyType, pageSize, offset]),
        database.query(GRID_BY_TYPE_COUNT_SQL, [query.propertyType]),
      ]);
      reply.header('x-total-count', String(counted.rows[0]?.n ?? 0));
      return page.rows;
    });
    return true;
  }
  return false;
}
