// The comparison point for API throughput (see docs/performance.md, 'Targets'): bare Fastify
// routes answering the same JSON from memory, the licence list (BARE_BODY_FILE) and the licence
// verification (BARE_VERIFY_FILE, to a POST whose JSON body it parses). Same Fastify as the
// reference server; listens on PORT, prints "ready".
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import process from 'node:process';

const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const Fastify = require('fastify');
const body = readFileSync(process.env.BARE_BODY_FILE, 'utf8');
const verification = readFileSync(process.env.BARE_VERIFY_FILE, 'utf8');

const app = Fastify({ logger: false });
app.get('/api/client/licenses', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
app.post('/api/licences/verify', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(verification);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
