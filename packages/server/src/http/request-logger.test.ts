import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './request-logger.ts';

async function appLogging(lines: string[]) {
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    childLoggerFactory: lazyChildLogger,
  });
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ detail: 42 }, 'worth a line');
    request.log.error('and another');
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'info' }, async (request) => {
    request.log.info('route level');
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('request logger', () => {
  it('makes no child logger for a request that writes nothing', async () => {
    const lines: string[] = [];
    const app = await appLogging(lines);
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes a request's lines with its reqId, as Fastify's own child does", async () => {
    const lines: string[] = [];
    const app = await appLogging(lines);
    await app.inject({ url: '/loud' });
    const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toMatchObject([
      { level: 40, reqId: 'req-1', detail: 42, msg: 'worth a line' },
      { level: 50, reqId: 'req-1', msg: 'and another' },
    ]);
    await app.close();
  });

  it("keeps a route's own level", async () => {
    const lines: string[] = [];
    const app = await appLogging(lines);
    await app.inject({ url: '/chatty' });
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('route level');
    await app.close();
  });
});
