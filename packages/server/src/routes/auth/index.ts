import type { FastifyInstance } from 'fastify';
import { loginRoutes } from './login.ts';
import { passwordRoutes } from './password.ts';
import { registerRoutes } from './register.ts';
import { sessionRoutes } from './session.ts';

/** Added to the app itself, as every module of `appRoutes` (see there why). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [loginRoutes, sessionRoutes, registerRoutes, passwordRoutes]) {
    await routes(app);
  }
}
