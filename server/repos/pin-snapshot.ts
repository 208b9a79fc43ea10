import type { Db } from '../db';
import { encodeSnapshot, type SnapshotPin } from '../../common/pin-snapshot';

/**
 * The NOTIFY channel of the pin snapshots' versions (migrations 018, 021): every statement that changes what the map
 * draws of some pins bumps the world's change sequence once and sends `<seq>:<region>,<region>…`, the regions it
 * moved to that seq (`<seq>:*`: every region; a bare `<seq>`, as before 021: every region too).
 */
export const WORLD_CHANNEL = 'world_changes';

/** A WORLD_CHANNEL payload: the new world seq and the regions moved to it (null: every region). */
export function parseWorldChange(payload: string): { seq: number; regions: number[] | null } | null {
  const [head, list] = payload.split(':', 2);
  const seq = Number(head);
  if (!head || !Number.isSafeInteger(seq)) return null;
  if (list === undefined || list === '*') return { seq, regions: null };
  const regions = list.split(',').map(Number);
  return regions.every(Number.isSafeInteger) ? { seq, regions } : { seq, regions: null };
}

/** The versions of the pin snapshots: the world's change sequence and each region's (the seq of its last change). */
export interface SnapshotVersions {
  world: number;
  /** Regions absent have had no pins since migration 021: version 0. */
  regions: Map<number, number>;
}

/** The world's change sequence and every region's version now (one statement: one consistent view). */
export async function snapshotVersions(db: Db): Promise<SnapshotVersions> {
  const { rows } = await db.query<{ region: number | null; seq: number }>(
    'select null::integer as region, seq from world_version where id = 1 union all select region, seq from region_version',
  );
  const out: SnapshotVersions = { world: 0, regions: new Map() };
  for (const r of rows) {
    if (r.region === null) out.world = Number(r.seq);
    else out.regions.set(r.region, Number(r.seq));
  }
  return out;
}

/**
 * Bumps the world's change sequence inside `tx` and moves `regions` (null: every region) to it, as the pin triggers
 * do (migration 021): their snapshots are built again and clients holding them download them again.
 */
export async function bumpRegionVersions(tx: Db, regions: readonly number[] | null): Promise<void> {
  await tx.query('select bump_region_versions($1::integer[])', [regions]);
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
 * Every shown pin of a region as a PinSnapshot, with the region's version and the world's change sequence it was
 * read at (one snapshot of the database, so they are consistent: the snapshot is that of every world version from
 * `version` to `world`).
 */
export async function buildRegionSnapshot(
  db: Db,
  region: number,
): Promise<{ version: number; world: number; bytes: Uint8Array; pins: number }> {
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.exec('set transaction isolation level repeatable read');
    const v = await tx.query<{ world: number; version: number | null }>(
      'select (select seq from world_version where id = 1) as world, (select seq from region_version where region = $1) as version',
      [region],
    );
    const world = Number(v.rows[0]?.world ?? 0);
    const version = Number(v.rows[0]?.version ?? 0);
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
    return { version, world, bytes: encodeSnapshot(region, version, pins), pins: pins.length };
  });
}
