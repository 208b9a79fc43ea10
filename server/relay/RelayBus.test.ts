// The relay's presence rows on a real PostgreSQL (the bus is off on PGlite, which one process owns).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { RelayBus } from './RelayBus';

describe.runIf(process.env.TEST_DATABASE_URL)('relay presence on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let bus: RelayBus;
  beforeAll(async () => {
    t = await testApp();
    bus = new RelayBus(t.db, () => undefined);
  });
  afterAll(async () => {
    await bus.close();
    await t.close();
  });

  /** Locks a presence row from another session until the returned function is called (which resolves when it is free). */
  async function lockRow(code: string, peerId: string): Promise<() => Promise<void>> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.query('select 1 from relay_peers where code = $1 and peer_id = $2 for update', [code, peerId]);
      locked();
      await held;
    });
    await lockTaken;
    return async () => {
      release();
      await holder;
    };
  }

  it("a seat given back is free for this process's next viewer, even while its row's delete waits (CI: a viewer refused after a 1009)", async () => {
    for (let i = 0; i < 16; i++) expect((await bus.addViewer('FREESEAT', `v${i}`, 16)).admitted).toBe(true);
    // Another session holds the leaving viewer's row, so the delete of `remove` waits on it.
    const unlock = await lockRow('FREESEAT', 'v0');
    bus.remove('FREESEAT', 'v0');
    const next = bus.addViewer('FREESEAT', 'v16', 16);
    // Counted before the delete landed, the room would read full (16) and refuse: the answer must wait for it.
    const early = await Promise.race([next, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 300))]);
    await unlock();
    expect(early === 'pending' ? await next : early).toMatchObject({ admitted: true });
  });

  it("a tracker leaving while a newer one's claim of the seat is under way leaves the newer one seated", async () => {
    await bus.claimTracker('SEATRACE');
    // Another session holds the seat's row, so the newer tracker's claim (an upsert of that row) waits on it.
    const unlock = await lockRow('SEATRACE', 'SERVER');
    const claim = bus.claimTracker('SEATRACE');
    const waiting = async () =>
      (
        await t.db.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into relay_peers%'",
        )
      ).rows[0]!.n;
    await expect.poll(waiting).toBe(1);
    // The older tracker's socket closes now: its delete of the seat must not land after the claim.
    bus.remove('SEATRACE', 'SERVER');
    await unlock();
    await claim;
    // An admission of the code waits for the code's deletes in flight: after it, they have landed.
    await bus.addViewer('SEATRACE', 'v1', 16);
    const seat = await t.db.query("select 1 from relay_peers where code = 'SEATRACE' and peer_id = 'SERVER'");
    expect(seat.rows).toHaveLength(1);
  });
});
