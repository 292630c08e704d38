import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { AccessLogController, lazyChildLogger } from './request-logger.ts';

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

describe('access lines', () => {
  async function appAtInfo(lines: string[], level = 'info') {
    const app = Fastify({
      logger: {
        level,
        redact: { paths: ['*.token', 'tokens'], censor: '[masqué]' },
        stream: { write: (line: string) => void lines.push(line) },
      },
      childLoggerFactory: lazyChildLogger,
      logController: new AccessLogController(),
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/secret', async (request) => {
      request.log.info({ tokens: 'a', licence: { token: 'b' } }, 'with secrets');
      return { ok: true };
    });
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    app.get('/hushed', { logLevel: 'warn' }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }
  const parsed = (lines: string[]) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it("writes one line per request, with the fields of Fastify's two, and no child logger", async () => {
    const lines: string[] = [];
    const app = await appAtInfo(lines);
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject({ url: '/quiet?page=2' })).statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [completed] = parsed(lines);
    expect(completed).toMatchObject({
      level: 30,
      reqId: 'req-1',
      req: { method: 'GET', url: '/quiet?page=2', host: 'localhost:80' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(typeof completed?.responseTime).toBe('number');
    // The access child is made once, for the first request, and no request makes one.
    await app.inject({ url: '/quiet' });
    expect(lines).toHaveLength(2);
    expect(child).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it("a request's own lines keep the redaction, its error line too", async () => {
    const lines: string[] = [];
    const app = await appAtInfo(lines);
    await app.inject({ url: '/secret' });
    expect(parsed(lines).find((line) => line.msg === 'with secrets')).toMatchObject({
      reqId: 'req-1',
      tokens: '[masqué]',
      licence: { token: '[masqué]' },
    });
    lines.length = 0;
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    expect(parsed(lines).map((line) => [line.level, line.msg])).toContainEqual([50, 'broken']);
    await app.close();
  });

  it("writes none when the app's level is above 'info'", async () => {
    const lines: string[] = [];
    const app = await appAtInfo(lines, 'warn');
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes none for a route whose own level is above 'info'", async () => {
    const lines: string[] = [];
    const app = await appAtInfo(lines);
    await app.inject({ url: '/hushed' });
    expect(lines).toEqual([]);
    await app.close();
  });
});
