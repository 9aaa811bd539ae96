// `npm run backup [-- --out DIR]` and `npm run restore -- FILE`: see backup.ts and the README.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../config.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';

async function main() {
  loadEnvFileIfPresent();
  const config = loadConfig();
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
  const [command, file] = positionals;
  const store = {
    dataDir: config.dataDir,
    mediaDir: config.mediaDir,
    filesDir: config.filesDir,
    databaseUrl: config.databaseUrl,
  };
  if (command === 'backup') {
    const archive = await createBackup(store, values.out ?? config.backupDir);
    console.log(`Backup written: ${archive}`);
  } else if (command === 'restore' && file) {
    const manifest = await restoreBackup(store, file);
    console.log(
      `Restored the backup of ${manifest.createdAt} (${manifest.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, ${manifest.mediaFiles} media files).`,
    );
  } else {
    console.error('Usage: npm run backup [-- --out DIR]   |   npm run restore -- FILE');
    process.exit(2);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof BackupError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
