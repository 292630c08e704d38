export { buildApp, type BuildAppOptions } from './app.ts';
export { loadConfig, type ServerConfig } from './config.ts';
export {
  openDatabase,
  migrate,
  seedPlans,
  createPgliteDatabase,
  createPostgresDatabase,
  type Database,
} from './db/index.ts';
