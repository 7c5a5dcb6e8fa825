import type { TBackupManifest } from './manifest';
import type { Inventory, InventoryDifference } from './inventory';

/**
 * The counts an operator reads after a backup or a restore drill: every table's rows and every
 * money column's sum (in dollars), with the restored figure beside the backed-up one.
 */
function dollars(cents: string): string {
  const value = BigInt(cents);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}$${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
}

export function describeManifest(manifest: TBackupManifest): string[] {
  const migration = manifest.migrations.newestTag ?? String(manifest.migrations.newest);
  return [
    `Apron ${manifest.appVersion}, backup format ${manifest.formatVersion}, made ${manifest.createdAt}`,
    `Database: ${manifest.database.kind} (${manifest.database.serverVersion.split(' on ')[0]}), ${manifest.migrations.applied} migrations (newest ${migration})`,
    `Files: ${manifest.files.count} (${manifest.files.bytes} bytes) from ${manifest.files.storage === 's3' ? 'the data directory; the S3 bucket is not in the archive' : 'the data directory'}`,
  ];
}

export function describeCounts(expected: Inventory, restored?: Inventory): string[] {
  const rows = [
    ...Object.entries(expected.rowCounts).map(([table, n]) => [`rows  ${table}`, String(n), restored ? String(restored.rowCounts[table] ?? 'missing') : '']),
    ...Object.entries(expected.moneySums).map(([column, cents]) => [
      `sum   ${column}`,
      dollars(cents),
      restored ? (restored.moneySums[column] === undefined ? 'missing' : dollars(restored.moneySums[column])) : '',
    ]),
  ];
  const width = Math.max(...rows.map((r) => r[0]!.length));
  const header = restored ? [`${'what'.padEnd(width)}  ${'backup'.padStart(16)}  ${'restored'.padStart(16)}`] : [];
  return [...header, ...rows.map(([what, a, b]) => `${what!.padEnd(width)}  ${a!.padStart(16)}${restored ? `  ${b!.padStart(16)}` : ''}`)];
}

export function describeDifferences(found: InventoryDifference[]): string[] {
  return found.map((d) => `MISMATCH ${d.what}: backup ${d.expected}, restored ${d.found}`);
}
