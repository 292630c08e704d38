import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createAdminInteractively, parseAdminArguments } from './accounts/admin-command.ts';
import { buildApp, loggerOptions } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemo } from './demo/seed-demo.ts';
import { RETIRED_KEY_PUBLISHED_SECONDS, rotateLicenceKey } from './licences/signing-keys.ts';
import { prepareDatabase } from './start.ts';

/**
 * `node packages/server/dist/main.js [--seed-demo] [--seed-only] [--rotate-licence-key]` (built
 * by `pnpm build`; `tsx src/main.ts` in development): migrates, seeds the plans (and the demo
 * customer with `--seed-demo` or SEED_DEMO=1), then serves the API, the sandbox provider and the
 * web app. `--rotate-licence-key` replaces the generated licence signing key and exits
 * (docs/operations.md, 'Licence signing key'). `--create-admin --email …` asks a password and
 * creates an admin account, then exits (`pnpm admin:create`, docs/operations.md, 'The first admin').
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  if (args.has('--create-admin')) {
    // Refused before the database opens: a password given as an argument is never read.
    const parsed = parseAdminArguments(argv.filter((arg) => arg !== '--create-admin'));
    if (!parsed.ok) {
      console.error(parsed.message);
      process.exitCode = 2;
      return;
    }
    const { db } = await prepareDatabase(loadConfig());
    try {
      process.exitCode = await createAdminInteractively(db, parsed.value, process);
    } finally {
      await db.close();
    }
    return;
  }
  const config = loadConfig();
  const { db, applied } = await prepareDatabase(config);
  if (applied.length > 0) console.log(`Migrations appliquées : ${applied.join(', ')}`);
  if (args.has('--rotate-licence-key')) {
    try {
      const { kid, retired } = await rotateLicenceKey({
        db,
        configured: config.licenceSigningKey,
        now: () => new Date(),
      });
      console.log(
        `Clé de signature des licences : ${kid}${retired === undefined ? '' : ` (remplace ${retired}, publiée encore ${RETIRED_KEY_PUBLISHED_SECONDS / 3600} h)`}`,
      );
    } finally {
      await db.close();
    }
    return;
  }
  if (config.seedDemo || args.has('--seed-demo') || args.has('--seed-only')) {
    const outcome = await seedDemo(db, config);
    console.log(
      `Compte de démonstration ${outcome === 'created' ? 'créé' : 'déjà présent'} : ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
    );
    console.log(`Administrateur de démonstration : ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  }
  if (args.has('--seed-only')) {
    await db.close();
    return;
  }

  // The log is written when the event loop is free, several lines per write, not one write per
  // line on each request's path; pino flushes what is left when the process exits
  // (docs/performance.md, 'API and refresh storm').
  const logDestination = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({
    db,
    config,
    logger: loggerOptions(process.env.LOG_LEVEL ?? 'info', logDestination),
  });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl === undefined ? `PGlite (${config.dataDir})` : 'PostgreSQL';
  console.log(
    `\nPortail prêt : ${config.publicOrigin}  (API, fournisseur de paiement sandbox, base ${where})`,
  );
  if (!existsSync(path.join(config.webDistDir, 'index.html'))) {
    console.log(
      `L'application web n'est pas encore construite (${config.webDistDir} absent) : seule l'API est servie.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
