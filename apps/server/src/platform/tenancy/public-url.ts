import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * The address of an airport's public pages (docs/airports.md, "Public pages and host names"):
 * its own host name (with PUBLIC_URL's scheme), else its path prefix under PUBLIC_URL
 * (`https://apron.example/a/l12`), else PUBLIC_URL itself (a deployment with one airport).
 */
export function publicUrlOf(deploymentUrl: string, airport: { publicHost: string | null; pathPrefix: string | null }): string {
  if (airport.publicHost) return `${new URL(deploymentUrl).protocol}//${airport.publicHost}`;
  if (airport.pathPrefix) return `${deploymentUrl}/a/${encodeURIComponent(airport.pathPrefix)}`;
  return deploymentUrl;
}

/**
 * The public address of the airport the current work is for (the connection's airport), for links
 * in e-mails and answers that a visitor opens: wait-list private links, pay links.
 */
export async function airportPublicUrl(db: DbOrTx, deploymentUrl: string): Promise<string> {
  const [row] = rowsOf<{ public_host: string | null; path_prefix: string | null }>(
    await db.execute(sql`select public_host, path_prefix from airports where id = apron_airport()`),
  );
  return row ? publicUrlOf(deploymentUrl, { publicHost: row.public_host, pathPrefix: row.path_prefix }) : deploymentUrl;
}
