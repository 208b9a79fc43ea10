import type { FastifyInstance } from 'fastify';

/** Placeholder until its owner lands it. */
export async function registerTiles(_app: FastifyInstance): Promise<void> {}
