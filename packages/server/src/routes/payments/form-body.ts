import type { FastifyInstance } from 'fastify';

/**
 * Lets a plugin's routes take HTML forms (`application/x-www-form-urlencoded`) as a record of
 * their fields, up to `bodyLimit` bytes. Registered in the plugin only: the API's routes take
 * JSON.
 */
export function acceptForms(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
