// `pnpm --filter @portal/theme build:archive -- --origin … [--version …] [--jwks …] [--out …]`:
// one version's archive stamped for a portal, for a vendor to publish (packages/theme/README.md).
import { parseArchiveCommand, runArchiveCommand } from './archive-command.ts';

try {
  const command = parseArchiveCommand(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  console.log(await runArchiveCommand(command));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
