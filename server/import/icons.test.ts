// The import's category colours and icon files (issue 20 item 3): a file names its icons relative to
// itself; they are re-encoded and stored with the category in the import's transaction; a bad icon
// refuses the whole file with its JSON pointer and writes nothing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { ImportError, importFile, parseImport } from './import';
import { prepareImportIcons } from './icons';

let t: Awaited<ReturnType<typeof testApp>>;
let dir: string;
beforeAll(async () => {
  t = await testApp();
  dir = mkdtempSync(join(tmpdir(), 'wuwa-import-icons-'));
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(dir, 'icons'));
  writeFileSync(
    join(dir, 'icons', 'shell.png'),
    await sharp({ create: { width: 128, height: 128, channels: 4, background: '#3366ff' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(join(dir, 'icons', 'fake.png'), 'GIF89a not really');
  writeFileSync(join(dir, 'icons', 'big.webp'), Buffer.alloc(300 * 1024, 1));
});
afterAll(async () => {
  await t?.close();
});

const file = (cats: Record<string, unknown>[]) =>
  JSON.stringify({ categoryGroups: [{ name: '아이콘 그룹', categories: cats.map((c, i) => ({ name: `카테고리 ${i}`, icon: 2, ...c })) }] });
const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from categories')).rows[0]!.n;

describe('import: category colours and icons', () => {
  it('stores the colour and the re-encoded icon, and the category list carries both', async () => {
    const parsed = parseImport(file([{ color: '#FFAA00', iconImage: 'icons/shell.png' }, { color: '#00aa11' }, {}]));
    expect(await prepareImportIcons(parsed, dir)).toBe(1);
    await importFile(t.db, parsed);
    const groups = (await t.app.inject({ method: 'GET', url: '/api/v1/category/groups' })).json().result;
    const cats = groups.find((g: { name: string }) => g.name === '아이콘 그룹').categories;
    expect(cats.map((c: { color: string | null }) => c.color)).toEqual(['#ffaa00', '#00aa11', null]);
    expect(cats[0].iconUrl).toMatch(/^\/api\/v1\/category\/\d+\/icon\/[0-9a-f]{16}\.webp$/);
    expect(cats[1].iconUrl).toBeNull();
    const icon = await t.app.inject({ method: 'GET', url: cats[0].iconUrl });
    const meta = await sharp(icon.rawPayload).metadata();
    expect([icon.statusCode, meta.format, meta.width, meta.height]).toEqual([200, 'webp', 64, 64]);
  });

  it('refuses a bad colour, a missing, wrong-type or too large icon at its JSON pointer, writing nothing', async () => {
    const before = await count();
    const refusal = async (cats: Record<string, unknown>[]) => {
      try {
        await prepareImportIcons(parseImport(file(cats)), dir);
      } catch (e) {
        if (e instanceof ImportError) return e.message;
        throw e;
      }
      return 'accepted';
    };
    expect(await refusal([{ color: 'orange' }])).toMatch(/^\/categoryGroups\/0\/categories\/0\/color: /);
    expect(await refusal([{}, { iconImage: 'icons/none.png' }])).toBe(
      '/categoryGroups/0/categories/1/iconImage: icons/none.png: 아이콘 파일을 읽을 수 없습니다 (ENOENT)',
    );
    expect(await refusal([{ iconImage: 'icons/fake.png' }])).toBe(
      '/categoryGroups/0/categories/0/iconImage: icons/fake.png: 아이콘은 PNG 또는 WebP 파일만 올릴 수 있습니다.',
    );
    expect(await refusal([{ iconImage: 'icons/big.webp' }])).toBe(
      '/categoryGroups/0/categories/0/iconImage: icons/big.webp: 아이콘 파일이 너무 큽니다. 256 KiB 이하만 올릴 수 있습니다.',
    );
    expect(await refusal([{ iconImage: '/etc/passwd' }])).toMatch(/상대 경로/);
    expect(await count()).toBe(before);
  });
});
