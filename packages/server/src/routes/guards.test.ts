import { describe, expect, it } from 'vitest';
import { contractOperations } from '../http/contract.ts';
import { call, loggedInCustomer, useTestServer } from '../test/harness.ts';

const server = useTestServer();

/** A contract path with every parameter filled in (the guard refuses before any is read). */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');
const methodOf = (op: { method: string }) => op.method.toUpperCase() as 'GET';
const named = (op: { method: string; path: string }) => `${methodOf(op)} ${op.path}`;

// Generated from openapi/portal.yaml: a route the contract adds is covered without editing this
// file (docs/architecture.md, 'packages/server/src').
const secured = contractOperations().filter((op) => op.secured);
const admin = contractOperations().filter((op) => op.path.startsWith('/api/admin/'));

describe('the guards of the route folders', () => {
  it('covers the contract: admin operations, and secured client ones', () => {
    expect(admin.length).toBeGreaterThan(0);
    expect(secured.filter((op) => op.path.startsWith('/api/client/')).length).toBeGreaterThan(0);
  });

  it('every secured operation refuses a call without a token with 401', async () => {
    const refused: string[] = [];
    for (const op of secured) {
      const answer = await call(server, methodOf(op), concrete(op.path));
      if (answer.status !== 401) refused.push(`${named(op)}: ${answer.status}`);
    }
    expect(refused).toEqual([]);
  });

  it('every /api/admin/* operation refuses a customer token with 403', async () => {
    const { accessToken } = await loggedInCustomer(server);
    const refused: string[] = [];
    for (const op of admin) {
      const answer = await call(server, methodOf(op), concrete(op.path), { token: accessToken });
      if (answer.status !== 403) refused.push(`${named(op)}: ${answer.status}`);
    }
    expect(refused).toEqual([]);
  });
});
