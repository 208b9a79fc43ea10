import type { FastifyInstance } from 'fastify';

/** Placeholder until its owner lands it. */
export async function registerRelay(_app: FastifyInstance): Promise<void> {}
