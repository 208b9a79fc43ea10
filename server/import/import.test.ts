import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { ImportError, importFile, parseImport } from './import';
import type { ImportFile } from './format';

const example = readFileSync(new URL('../../tests/fixtures/import-example.json', import.meta.url), 'utf8');
let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
const refusal = (text: string) => {
  try {
    parseImport(text);
  } catch (e) {
    if (e instanceof ImportError) return e.message;
    throw e;
  }
  throw new Error('accepted');
};

describe('import', () => {
  it('loads the README example: groups, categories with icons, tag groups, pins with region, floor and tags', async () => {
    const n = await importFile(t.db, parseImport(example));
    expect(n.added).toEqual({ groups: 1, categories: 2, tagGroups: 2, tags: 4, pins: 4 });
    const groups = (await t.app.inject({ method: 'GET', url: '/api/v1/category/groups' })).json().result;
    const g = groups.find((x: { name: string }) => x.name === '3.0 패치 수집품');
    expect(g.categories.map((c: { name: string; icon: number; pinCount: number }) => [c.name, c.icon, c.pinCount])).toEqual([
      ['빛나는 조개', 5, 3],
      ['고대 석판', 9, 1],
    ]);
    const shell = g.categories[0].id;
    const pins = (await t.app.inject({ method: 'GET', url: `/api/v1/category/${shell}/pins-proto` })).json().result.pins;
    expect(pins[2]).toMatchObject({ region: 4, coordZ: -6, description: '지하 6층 입구 옆' });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/pin/${pins[1].id}` })).json().result;
    expect(detail.tags.map((x: { name: string }) => x.name).sort()).toEqual(['동굴', '퍼즐']);
  });

  it('refuses a bad file with the exact place of the error', () => {
    expect(refusal('{\n  "categoryGroups": [\n    { "name": "a", }\n  ]\n}')).toMatch(/^line 3, column 20: 올바른 JSON이 아닙니다/);
    const file = JSON.parse(example) as ImportFile;
    const bad = (edit: (f: ImportFile) => void) => {
      const f = structuredClone(file);
      edit(f);
      return refusal(JSON.stringify(f));
    };
    expect(
      bad((f) => {
        f.categoryGroups[0]!.categories[0]!.pins![1]!.region = 9;
      }),
    ).toMatch(/^\/categoryGroups\/0\/categories\/0\/pins\/1\/region: /);
    expect(
      bad((f) => {
        f.categoryGroups[0]!.categories[1]!.pins![0]!.x = 99_999;
      }),
    ).toMatch(/^\/categoryGroups\/0\/categories\/1\/pins\/0: x 99999, y 5810: 지역 2의 범위/);
    expect(
      bad((f) => {
        f.categoryGroups[0]!.categories[0]!.pins![0]!.tags = ['물가', '없는태그'];
      }),
    ).toMatch(/^\/categoryGroups\/0\/categories\/0\/pins\/0\/tags\/1: 알 수 없는 태그 "없는태그"/);
    expect(
      bad((f) => {
        (f.categoryGroups[0]!.categories[0] as { icon?: number }).icon = undefined;
      }),
    ).toMatch(/^\/categoryGroups\/0\/categories\/0: /);
  });

  it('reports every error of a file in one run (up to 50), each with its JSON pointer', () => {
    const file = JSON.parse(example) as ImportFile;
    const shell = file.categoryGroups[0]!.categories[0]!;
    shell.pins![0]!.region = 9;
    shell.pins![1]!.x = 99_999;
    shell.pins![2]!.tags = ['없는태그'];
    (file.categoryGroups[0]!.categories[1] as { icon?: unknown }).icon = 'x';
    let e: ImportError | undefined;
    try {
      parseImport(JSON.stringify(file));
    } catch (x) {
      e = x as ImportError;
    }
    expect(e).toBeInstanceOf(ImportError);
    const places = e!.errors.map((x) => x.where);
    expect(places).toContain('/categoryGroups/0/categories/0/pins/0/region');
    expect(places).toContain('/categoryGroups/0/categories/0/pins/1');
    expect(places).toContain('/categoryGroups/0/categories/0/pins/2/tags/0');
    expect(places).toContain('/categoryGroups/0/categories/1/icon');
    // 80 pins outside the map: 50 named, and the rest counted.
    const many = JSON.parse(example) as ImportFile;
    many.categoryGroups[0]!.categories[1]!.pins = Array.from({ length: 80 }, (_, i) => ({ region: 0, x: 90_000 + i, y: 0 }));
    try {
      parseImport(JSON.stringify(many));
    } catch (x) {
      e = x as ImportError;
    }
    expect(e!.errors).toHaveLength(50);
    expect(e!.more).toBe(30);
    expect(e!.message).toContain('30');
  });

  it('names the line and column of a truncated file, accepts a UTF-8 BOM and refuses a NUL in a name in Korean', () => {
    expect(refusal(example.slice(0, 300))).toMatch(/^line \d+, column \d+: /);
    const lines = example.slice(0, 300).split('\n');
    expect(refusal(example.slice(0, 300))).toContain(`line ${lines.length}, column ${lines.at(-1)!.length + 1}`);
    expect(parseImport('\ufeff' + example).categoryGroups[0]!.name).toBe('3.0 패치 수집품');
    const nul = JSON.parse(example) as ImportFile;
    nul.categoryGroups[0]!.categories[0]!.name = '빛나는\u0000조개';
    expect(refusal(JSON.stringify(nul))).toMatch(/^\/categoryGroups\/0\/categories\/0\/name: .*NUL/);
    expect(refusal(JSON.stringify(nul))).toMatch(/[가-힣]/);
  });

  it('is all or nothing: a failure half-way leaves the database as it was', async () => {
    const before = [await count('category_groups'), await count('categories'), await count('pins'), await count('tags')];
    const file = JSON.parse(example) as ImportFile;
    file.categoryGroups[0]!.categories[1]!.pins![0]!.region = 9; // the database's own check refuses it, after the first category went in
    await expect(importFile(t.db, file)).rejects.toThrow();
    expect([await count('category_groups'), await count('categories'), await count('pins'), await count('tags')]).toEqual(before);
  });

  it('npm run import refuses a bad file with its place and exit code 1', async () => {
    const run = promisify(execFile);
    const r = await run(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', 'tests/fixtures/import-bad.json'], {
      cwd: new URL('../..', import.meta.url).pathname,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((r as { code: number }).code).toBe(1);
    expect((r as { stderr: string }).stderr).toContain('tests/fixtures/import-bad.json /categoryGroups/0/categories/0/pins/0: x 50000');
  }, 30_000);

  it('npm run import names every error, and --dry-run on a fresh embedded database writes nothing', async () => {
    const run = promisify(execFile);
    const cwd = new URL('../..', import.meta.url).pathname;
    const dir = mkdtempSync(join(tmpdir(), 'wuwa-import-cli-'));
    try {
      const bad = JSON.parse(example) as ImportFile;
      bad.categoryGroups[0]!.categories[0]!.pins![0]!.region = 9;
      bad.categoryGroups[0]!.categories[1]!.pins![0]!.x = 99_999;
      writeFileSync(join(dir, 'bad.json'), '\ufeff' + JSON.stringify(bad));
      const r = await run(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', join(dir, 'bad.json')], { cwd }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect((r as { code: number }).code).toBe(1);
      const stderr = (r as { stderr: string }).stderr;
      expect(stderr).toContain('오류 2개');
      expect(stderr).toContain('/categoryGroups/0/categories/0/pins/0/region');
      expect(stderr).toContain('/categoryGroups/0/categories/1/pins/0: x 99999');
      const env = { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' };
      const dry = await run(
        process.execPath,
        ['--import', 'tsx', 'server/import/cli.ts', 'tests/fixtures/import-example.json', '--dry-run'],
        {
          cwd,
          env,
        },
      );
      expect(dry.stdout).toContain('would add: 그룹 1, 카테고리 2, 태그 그룹 2, 태그 4, 핀 4');
      const real = await run(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', 'tests/fixtures/import-example.json'], {
        cwd,
        env,
      });
      expect(real.stdout).toContain('added: 그룹 1, 카테고리 2, 태그 그룹 2, 태그 4, 핀 4');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
