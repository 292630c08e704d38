// Bench data (run by tsx before the server starts, on the bench's temp DATA_DIR): the demo
// customer, moved to the Business plan so it may hold the 10 licences the throughput test lists.
import { loadConfig } from '../packages/server/src/config.ts';
import { migrate, openDatabase, seedPlans } from '../packages/server/src/db/index.ts';
import { DEMO_CUSTOMER, seedDemo } from '../packages/server/src/demo/seed-demo.ts';

const config = loadConfig();
const db = await openDatabase(config);
try {
  await migrate(db);
  await seedPlans(db);
  await seedDemo(db, config);
  await db.query(
    `UPDATE subscriptions SET plan_id = 'business'
       WHERE customer_id = (SELECT id FROM customers WHERE lower(email) = $1)`,
    [DEMO_CUSTOMER.email],
  );
  console.log('seeded');
} finally {
  await db.close();
}
