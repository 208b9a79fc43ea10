import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '.';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));

// Issue 25 item 7: comment and pin images uploaded here were stored under the server's origin of the
// day (http://localhost:8101/images/…); after the address changed every one was blocked.
describe('migration 011', () => {
  let db: Db;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    db = await openDb({ databaseUrl: url });
    if (url) await db.exec('drop schema public cascade; create schema public;');
    // The schema as it stood before 011, with rows as the old server wrote them.
    await db.exec(
      'create table schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    for (const file of (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort()) {
      const version = Number(file.slice(0, 3));
      if (version >= 11) continue;
      await db.exec(await readFile(dir + file, 'utf8'));
      await db.query('insert into schema_migrations (version, name) values ($1, $2)', [version, file]);
    }
    await db.exec(`
      insert into users (id, nickname) values (1, '사진가');
      insert into category_groups (id, name) values (1, '보물 상자');
      insert into categories (id, group_id, name, last_edited) values (1, 1, '보급 상자', 0);
      insert into image_uploads (user_id, file, bytes) values (1, 'AbCdEf123456.webp', 10), (1, 'ZyXwVu987654.png', 10);
      insert into pins (id, category_id, region, coord_x, coord_y, description, image) values
        (1, 1, 0, 0, 0, 'Rương Báu', 'http://localhost:8101/images/ZyXwVu987654.png'),
        (2, 1, 0, 0, 0, null, 'https://i.imgur.com/ZyXwVu987654.png');
      insert into comments (id, pin_id, user_id, content, image) values
        (1, 1, 1, 'a', 'http://localhost:8101/images/AbCdEf123456.webp'),
        (2, 1, 1, 'b', 'https://i.example.com/images/notours.png'),
        (3, 1, 1, 'c', '/images/seed-2.webp'),
        (4, 1, 1, 'd', null);`);
    expect(await migrate(db)).toContain(11);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores our own uploads as paths and leaves outside images alone', async () => {
    const comments = (await db.query<{ id: number; image: string | null }>('select id, image from comments order by id')).rows;
    expect(comments.map((c) => c.image)).toEqual([
      '/images/AbCdEf123456.webp',
      'https://i.example.com/images/notours.png',
      '/images/seed-2.webp',
      null,
    ]);
    const pins = (await db.query<{ image: string | null }>('select image from pins order by id')).rows;
    expect(pins.map((p) => p.image)).toEqual(['/images/ZyXwVu987654.png', 'https://i.imgur.com/ZyXwVu987654.png']);
  });

  it('gives existing pins their search key', async () => {
    const { rows } = await db.query<{ search_text: string }>('select search_text from pins where id = 1');
    expect(rows[0]?.search_text).toBe('ruongbau');
  });
});
