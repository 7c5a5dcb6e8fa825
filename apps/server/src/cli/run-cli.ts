import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { DataDirLockedError } from '../db/lock';
import { BackupError } from '../platform/backup/index';

/**
 * The frame of `npm run backup` and `npm run restore`: `--help`, one file argument, the server's
 * own configuration (DATABASE_URL or DATA_DIR, S3_*), and exit 1 with one clear message on any
 * failure, so a cron job or a drill script sees it.
 */
export async function runCli(usage: string, work: (config: Config, file: string) => Promise<boolean>): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  // npm runs the script in apps/server; the file is named from where the operator typed the command.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  try {
    const ok = await work(loadConfig(), file);
    process.exit(ok ? 0 : 1);
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  }
}
