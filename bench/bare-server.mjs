// The comparison point for API throughput (see docs/performance.md, 'Targets'): a bare Fastify
// route answering the same JSON from memory. Same Fastify as the reference server; listens on
// PORT, prints "ready".
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import process from 'node:process';

const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const Fastify = require('fastify');
const body = readFileSync(process.env.BARE_BODY_FILE, 'utf8');

const app = Fastify({ logger: false });
app.get('/api/client/licenses', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
