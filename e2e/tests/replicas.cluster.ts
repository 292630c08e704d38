import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startCompiledServer, stopProcess, waitForHealth } from '../processes.ts';

/**
 * Two compiled servers on one throwaway PostgreSQL behind Debian's nginx, round-robin
 * (docs/operations.md, 'Several replicas'). Everything runs in one temporary folder and is
 * stopped by `stop()`, or when the test's process exits whatever the outcome.
 */

const nginxBinary = '/usr/sbin/nginx';
/** Every answer through nginx names the replica that served it. */
export const upstreamHeader = 'x-upstream';
/** The webhook's signing secret both replicas share (the sandbox checks it as Stripe would). */
export const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;

const isRoot = process.getuid?.() === 0;

function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root)
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  if (version === undefined) throw new Error('PostgreSQL server binaries not found');
  return path.join(root, version, 'bin');
}

/** Runs a PostgreSQL tool, as the `postgres` user when we are root (initdb refuses root). */
function asOwner(command: string, args: string[]): void {
  const [file, fileArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  const result = spawnSync(file, fileArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }
}

/** The nginx configuration the journey runs, the example of docs/operations.md. */
export function nginxConfig(dir: string, listen: number, replicas: readonly number[]): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
${isRoot ? 'user root;\n' : ''}events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The server refuses bodies over 1 MiB itself, with its French message.
  client_max_body_size 2m;
  upstream portal {
${replicas.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A request is never replayed on the other replica: each lands on exactly one.
      proxy_next_upstream off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Cluster {
  /** nginx's address: the only one the journey talks to. */
  readonly origin: string;
  /** The replicas' addresses as nginx names them in `X-Upstream` (`127.0.0.1:port`). */
  readonly replicas: readonly string[];
  /** One SQL query's rows, each a `|`-separated line (psql's unaligned output). */
  sql(query: string): string[];
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-replicas-'));
  const children: ChildProcess[] = [];
  const bin = postgresBinaries();
  const dataDir = path.join(dir, 'pg');
  let postgresStarted = false;
  const output: string[] = [];

  const stopPostgres = () => {
    if (!postgresStarted) return;
    postgresStarted = false;
    spawnSync(
      isRoot ? 'runuser' : path.join(bin, 'pg_ctl'),
      isRoot
        ? [
            '-u',
            'postgres',
            '--',
            path.join(bin, 'pg_ctl'),
            '-D',
            dataDir,
            '-m',
            'immediate',
            '-w',
            'stop',
          ]
        : ['-D', dataDir, '-m', 'immediate', '-w', 'stop'],
    );
  };
  // Whatever ends this process (a failed assertion, a timeout, Ctrl-C), nothing outlives it.
  const onExit = () => {
    for (const child of children) child.kill('SIGKILL');
    stopPostgres();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    stopPostgres();
    rmSync(dir, { recursive: true, force: true });
    process.removeListener('exit', onExit);
  };

  try {
    // The throwaway cluster, as packages/server/scripts/with-postgres.sh makes it.
    if (isRoot) {
      chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), 0);
    }
    const pgPort = await freePort();
    asOwner(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'portal',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    asOwner(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${pgPort} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
    postgresStarted = true;
    asOwner(path.join(bin, 'createdb'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(pgPort),
      '-U',
      'portal',
      'portal',
    ]);
    const databaseUrl = `postgres://portal@127.0.0.1:${pgPort}/portal`;

    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    const origin = `http://127.0.0.1:${proxyPort}`;
    // What every replica must share (docs/operations.md, 'Several replicas').
    const shared = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(48).toString('base64'),
      LICENCE_SIGNING_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      PUBLIC_ORIGIN: origin,
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CHECKOUT_LIMIT_PER_ADDRESS: '1000',
    };
    const collect = (child: ChildProcess, name: string) => {
      const keep = (chunk: Buffer) => output.push(`[${name}] ${chunk.toString()}`);
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
    };

    // Migrated once, before either replica serves.
    const migration = startCompiledServer(shared, { args: ['--seed-only'], output: 'pipe' });
    collect(migration, 'migration');
    const migrated = await new Promise<number | null>((resolve) =>
      migration.once('exit', (code) => resolve(code)),
    );
    if (migrated !== 0) throw new Error(`the migration exited with ${migrated}`);

    for (const [index, port] of ports.entries()) {
      const replica = startCompiledServer({ ...shared, PORT: String(port) }, { output: 'pipe' });
      children.push(replica);
      collect(replica, `replica ${index + 1}`);
    }
    await Promise.all(
      ports.map((port, index) =>
        waitForHealth(`http://127.0.0.1:${port}`, children[index] as ChildProcess, 60_000),
      ),
    );

    for (const temp of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(path.join(dir, temp));
    const configFile = path.join(dir, 'nginx.conf');
    writeFileSync(configFile, nginxConfig(dir, proxyPort, ports));
    const nginx = spawn(
      nginxBinary,
      ['-p', dir, '-c', configFile, '-e', path.join(dir, 'nginx-error.log')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(nginx);
    collect(nginx, 'nginx');
    await waitForHealth(origin, nginx, 10_000);

    return {
      origin,
      replicas: ports.map((port) => `127.0.0.1:${port}`),
      sql(query) {
        const result = spawnSync(
          path.join(bin, 'psql'),
          [databaseUrl, '--no-psqlrc', '-At', '-v', 'ON_ERROR_STOP=1', '-c', query],
          { encoding: 'utf8' },
        );
        if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
        return result.stdout.split('\n').filter((line) => line !== '');
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${output.join('')}`, { cause: error });
  }
}
