import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type TestServer, type TestServerOptions, useTestServer } from '../test/harness.ts';

export interface ReceivedMail {
  /** The SMTP envelope's recipients (RCPT TO). */
  to: string[];
  parsed: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 for the tests (no TLS, no login), keeping what it accepts. */
export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** While set, every mail is refused with this reply code (451: try later; 550: refused). */
  refuseWith: number | undefined;
  /** Resolves once `count` mails have been received in all. */
  receivedCount(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const state: TestSmtpServer = {
    url: '',
    received: [],
    refuseWith: undefined,
    receivedCount: (count) =>
      state.received.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (state.refuseWith === undefined) return callback();
      const refusal = Object.assign(new Error(`Refusé pour le test (${state.refuseWith})`), {
        responseCode: state.refuseWith,
      });
      return callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Parsed before the server answers, so a sent mail is in `received` once sendMail resolves.
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            state.received.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed });
            for (const waiter of waiters.filter((w) => state.received.length >= w.count)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve();
            }
            callback();
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}

export interface SmtpTestServer {
  readonly smtp: TestSmtpServer;
  /** A test server whose mail goes to `smtp`. */
  readonly server: TestServer;
}

/**
 * Registers the hooks of a test file (or `describe` block) whose server sends mail over real
 * SMTP: each test starts from an empty database, no mail received and none refused. Read
 * `smtp` and `server` inside tests and hooks only.
 */
export function useSmtpTestServer(options: TestServerOptions = {}): SmtpTestServer {
  let smtp: TestSmtpServer | undefined;
  const started = (): TestSmtpServer => {
    if (smtp === undefined) throw new Error('The SMTP test server is only started in beforeAll');
    return smtp;
  };
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => smtp?.close());
  const server = useTestServer(() => ({
    ...options,
    config: { ...options.config, smtpUrl: started().url },
  }));
  beforeEach(() => {
    started().received.length = 0;
    started().refuseWith = undefined;
  });
  return {
    get smtp() {
      return started();
    },
    server,
  };
}
