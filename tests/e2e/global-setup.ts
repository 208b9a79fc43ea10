import { buildClientIfStale } from '../../scripts/build-client';

/** End-to-end journeys run against the built client served by the real server. */
export default async function globalSetup(): Promise<void> {
  await buildClientIfStale();
}
