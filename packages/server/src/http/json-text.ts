import type { FastifyReply } from 'fastify';

/**
 * Answers JSON already written as text (a cached answer): Fastify sends a string with a JSON
 * content type as it is. The route's reply type describes the object the text holds.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
