import type { Db } from '../db';
import { encodeSnapshot, type SnapshotPin } from '../../common/pin-snapshot';

/** The NOTIFY channel of the world's change sequence (migration 018: every pin change bumps it, payload = the new seq). */
export const WORLD_CHANNEL = 'world_changes';

/** The world's change sequence now. */
export async function worldVersion(db: Db): Promise<number> {
  const { rows } = await db.query<{ seq: number }>('select seq from world_version where id = 1');
  return rows[0]?.seq ?? 0;
}

/** Bumps the world's change sequence inside `tx` (a region or floor area edited): pin snapshots and open clients read again. */
export async function bumpWorldVersion(tx: Db): Promise<void> {
  const { rows } = await tx.query<{ seq: number }>('update world_version set seq = seq + 1 where id = 1 returning seq');
  if (rows[0]) await tx.query('select pg_notify($1, $2)', [WORLD_CHANNEL, String(rows[0].seq)]);
}

interface Row {
  id: number;
  category_id: number;
  coord_x: number;
  coord_y: number;
  coord_z: number | null;
  icon: number | null;
  flag: number | null;
  has_image: boolean;
  tag_ids: number[] | null;
}

/**
 * Every shown pin of a region as a PinSnapshot, with the world version it was read at (one snapshot of the
 * database, so the pair is consistent).
 */
export async function buildRegionSnapshot(db: Db, region: number): Promise<{ version: number; bytes: Uint8Array; pins: number }> {
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.exec('set transaction isolation level repeatable read');
    const version = await worldVersion(tx);
    const { rows } = await tx.query<Row>(
      `select p.id, p.category_id, p.coord_x, p.coord_y, p.coord_z, p.icon, p.flag, p.image is not null as has_image,
              (select array_agg(pt.tag_id order by pt.tag_id) from pin_tags pt where pt.pin_id = p.id) as tag_ids
         from pins p where p.region = $1 and not p.hidden order by p.category_id, p.id`,
      [region],
    );
    const pins: SnapshotPin[] = rows.map((r) => ({
      id: r.id,
      categoryId: r.category_id,
      x: r.coord_x,
      y: r.coord_y,
      z: r.coord_z,
      icon: r.icon,
      flag: r.flag,
      hasImage: r.has_image,
      tagIds: r.tag_ids ?? [],
    }));
    return { version, bytes: encodeSnapshot(region, version, pins), pins: pins.length };
  });
}
