import type { FastifyInstance } from 'fastify';
import { loginRoutes } from './login.ts';
import { passwordRoutes } from './password.ts';
import { registerRoutes } from './register.ts';
import { sessionRoutes } from './session.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(registerRoutes);
  await app.register(passwordRoutes);
}
