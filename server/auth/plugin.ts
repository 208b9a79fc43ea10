import type { FastifyInstance } from 'fastify';

/** Placeholder until its owner lands it. */
export async function registerAuth(_app: FastifyInstance): Promise<void> {}
