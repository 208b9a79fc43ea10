// Search pages at constant cost (issue 25 item 5: 5,667 results took 113 presses of 더 보기, each
// slower than the last). Times one 50-pin page of a query with thousands of matches at the start and
// deep in the list, by keyset cursor (what /api/v1/search does) and, as the peer, by OFFSET over the
// same match: deep/first is the figure, about 1 for a cursor, growing with depth for OFFSET.
//   npx tsx bench/server/search.bench.ts  → bench/results/search.json
// Env: BENCH_PINS (default 60000); BENCH_DATABASE_URL or TEST_DATABASE_URL adds PostgreSQL (its
// public schema is dropped and recreated!).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_URL } from '../support/load';

const { migrate, openDb } = await import('../../server/db');
const { seedWorld } = await import('../../server/seed/seed');
const { search, containsPattern, searchKeySql } = await import('../../server/repos/search');
const { searchKey } = await import('../../common/search-text');

const PINS = Number(process.env.BENCH_PINS ?? 60_000);
const PAGE = 50;
const QUERY = '상자';
const RUNS = 7;

interface Row {
  db: string;
  query: string;
  matches: number;
  depth: number;
  keysetFirstMs: number;
  keysetDeepMs: number;
  keysetRatio: number;
  offsetFirstMs: number;
  offsetDeepMs: number;
  offsetRatio: number;
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[RUNS >> 1]! * 100) / 100;
}

async function benchDb(kind: 'pglite' | 'postgres'): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-bench-'));
  const db = await openDb({ databaseUrl: kind === 'postgres' ? PG_URL : undefined });
  try {
    if (kind === 'postgres') await db.exec('drop schema public cascade; create schema public;');
    await migrate(db);
    await seedWorld(db, { pins: PINS, seed: 20261121, dataDir });
    const opts = { limit: PAGE, userId: 1 };
    const first = await search(db, QUERY, opts);
    const matches = first.total ?? 0;
    // Walk to about 100 pages in (or the last page), keeping the cursor of each.
    const cursors: string[] = [];
    let page = first;
    while (page.next && cursors.length < 100) {
      cursors.push(page.next);
      page = await search(db, QUERY, { ...opts, after: page.next });
    }
    const deep = cursors.at(-1)!;
    const depth = cursors.length * PAGE;
    // The peer: the same match, paged by OFFSET (what paging by count costs).
    const pattern = containsPattern(searchKey(QUERY));
    const offsetSql = `select p.id, p.description from pins p where not p.hidden and (p.search_text like $1
      or exists (select 1 from pin_tags pt join tags t on t.id = pt.tag_id where pt.pin_id = p.id and ${searchKeySql('t.name')} like $1)
      or p.category_id in (select c.id from categories c join category_groups g on g.id = c.group_id
        where ${searchKeySql('c.name')} like $1 or ${searchKeySql('g.name')} like $1))
      order by p.id offset $2 limit ${PAGE}`;
    const row: Row = {
      db: kind,
      query: QUERY,
      matches,
      depth,
      keysetFirstMs: await median(() => search(db, QUERY, { ...opts, after: '0' })),
      keysetDeepMs: await median(() => search(db, QUERY, { ...opts, after: deep })),
      keysetRatio: 0,
      offsetFirstMs: await median(() => db.query(offsetSql, [pattern, 0])),
      offsetDeepMs: await median(() => db.query(offsetSql, [pattern, depth])),
      offsetRatio: 0,
    };
    row.keysetRatio = Math.round((row.keysetDeepMs / row.keysetFirstMs) * 100) / 100;
    row.offsetRatio = Math.round((row.offsetDeepMs / row.offsetFirstMs) * 100) / 100;
    console.log(
      `${kind}: "${QUERY}" ${matches} matches; page at ${depth}: keyset ${row.keysetDeepMs} ms vs first ${row.keysetFirstMs} ms (×${row.keysetRatio}); OFFSET ${row.offsetDeepMs} ms vs ${row.offsetFirstMs} ms (×${row.offsetRatio})`,
    );
    return row;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [await benchDb('pglite')];
if (PG_URL) rows.push(await benchDb('postgres'));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/search.json', JSON.stringify({ pins: PINS, page: PAGE, rows }, null, 2));
