import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness.ts';
import { customersFound, searchOf } from './search.repo.ts';

const server = useTestServer();

/** Every node of a JSON plan, depth first. */
function nodesOf(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(nodesOf)];
}

describe('the back office search on a few thousand customers', () => {
  it('reads the indexes of migration 011 for a selective search, never the whole customers table', async () => {
    await server.db.query(
      `INSERT INTO customers (id, email, password_hash, first_name, last_name, company_name,
         shop_domain)
       SELECT 'c' || n, 'client' || n || '@boutique' || n || '.fr', 'x', 'Prénom' || n, 'Nom' || n,
         'Société ' || n, 'boutique' || n || '.myshopify.com'
       FROM generate_series(1, 4000) AS n`,
    );
    await server.db.query(
      `INSERT INTO licences (id, customer_id, custom_domain, shop_domain, theme_name, status)
       SELECT 'l' || n, 'c' || n, 'www.domaine' || n || '.fr', 'boutique' || n || '.myshopify.com',
         'Thème Boutique', 'active'
       FROM generate_series(1, 4000) AS n`,
    );
    await server.db.exec('ANALYZE customers; ANALYZE licences');
    const search = searchOf('client1234@');
    if (search === undefined) throw new Error('a search');
    const [row] = await server.db.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
      `EXPLAIN (FORMAT JSON) SELECT id FROM customers c WHERE c.id IN (${customersFound})`,
      search.params,
    );
    const nodes = nodesOf(row?.['QUERY PLAN'][0].Plan ?? {});
    const indexes = new Set(nodes.map((node) => node['Index Name']).filter(Boolean));
    expect(indexes).toContain('customers_email_search');
    expect(indexes).toContain('licences_custom_domain_search');
    const scanned = nodes
      .filter((node) => node['Node Type'] === 'Seq Scan')
      .map((node) => node['Relation Name']);
    expect(scanned).toEqual([]);
    // And the search finds the one customer.
    const found = await server.db.query<{ id: string }>(
      `SELECT id FROM customers c WHERE c.id IN (${customersFound})`,
      search.params,
    );
    expect(found).toEqual([{ id: 'c1234' }]);
  });
});
