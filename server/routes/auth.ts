import type { FastifyInstance } from 'fastify';

/** Placeholder until its owner lands it. */
export async function registerAuthRoutes(_app: FastifyInstance): Promise<void> {}
