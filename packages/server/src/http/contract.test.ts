import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { contractOperations } from './contract.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe('contract coverage', () => {
  it('serves every path and method of openapi/portal.yaml', () => {
    const missing = contractOperations()
      .filter(
        (op) =>
          !server.app.hasRoute({ method: op.method.toUpperCase() as 'GET', url: op.routePath }),
      )
      .map((op) => `${op.method.toUpperCase()} ${op.path} (${op.operationId})`);
    expect(missing).toEqual([]);
  });

  it('gives every contract route the request schemas of its operation', () => {
    for (const op of contractOperations()) {
      const schema = server.app.contractSchemas.get(op.operationId);
      expect(schema, op.operationId).toBeDefined();
      expect(schema?.body, op.operationId).toEqual(op.body);
      expect(schema?.params, op.operationId).toEqual(op.params);
      expect(schema?.querystring, op.operationId).toEqual(op.querystring);
    }
  });
});
