import { propertyTypeDirectory } from '../properties/index';
import type { Tx } from '../../db/client';
import { listAllMasterRows, MASTER_DEFINITIONS } from '../settings/settings.seed-support';
import { propertyTypeInsuranceRequirements } from './insurance-compliance.table';

/**
 * What the demo airport requires its tenants to carry, per property type (issue 24). Without
 * requirements every lease is Compliant and the compliance report, the tile and the agreement's
 * section have nothing to show; with these, the demo's certificates land in every status: the
 * right coverage (Compliant), a pending or other coverage, too low a limit or no additional insured
 * (Deficient, naming the requirement), and the certificates the demo ends soon (Expiring).
 */
const DEMO_REQUIREMENTS = [
  { propertyType: 'Box Hangar', coverage: 'Hangarkeepers Liability', perOccurrence: 2_000_000, aggregate: 4_000_000, additionalInsured: false },
  { propertyType: 'T-Hangar', coverage: 'Hangarkeepers Liability', perOccurrence: 1_000_000, aggregate: 2_000_000, additionalInsured: false },
  { propertyType: 'Office', coverage: 'General Liability', perOccurrence: 1_000_000, aggregate: 2_000_000, additionalInsured: true },
] as const;

/** Seeds the requirements; answers the insurance type each property type requires (by type id). */
export async function seedDemoInsuranceRequirements(tx: Tx): Promise<Map<string, string>> {
  const typeIds = new Map((await tx.select().from(propertyTypeDirectory)).map((t) => [t.name, t.id]));
  const coverageIds = new Map((await listAllMasterRows(tx, MASTER_DEFINITIONS.insuranceTypes)).map((row) => [row.name as string, row.id as string]));
  const required = new Map<string, string>();
  for (const r of DEMO_REQUIREMENTS) {
    const propertyTypeId = typeIds.get(r.propertyType);
    const insuranceTypeId = coverageIds.get(r.coverage);
    if (!propertyTypeId || !insuranceTypeId) continue; // an airport whose settings renamed them
    await tx
      .insert(propertyTypeInsuranceRequirements)
      .values({
        propertyTypeId, insuranceTypeId, minPerOccurrenceCents: r.perOccurrence * 100, minAggregateCents: r.aggregate * 100,
        additionalInsuredRequired: r.additionalInsured, waiverOfSubrogationRequired: false,
      })
      .onConflictDoNothing();
    required.set(propertyTypeId, insuranceTypeId);
  }
  return required;
}
