// The server suite's pass on PostgreSQL runs only the unit files that read TEST_DATABASE_URL (scripts/postgres-files.ts):
// every file that reaches a database through the helpers must be among them, and the choice must follow imports.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresFiles, unitTestFiles } from '../scripts/postgres-files';
import { workerDatabaseUrl } from './support/unit-setup';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the files the PostgreSQL pass runs again', () => {
  const chosen = postgresFiles(root);

  it('hold every unit file that reaches a database through the helpers or names TEST_DATABASE_URL', () => {
    const direct = unitTestFiles(root).filter((f) => {
      const text = readFileSync(join(root, f), 'utf8');
      return /test-helper|real-server|TEST_DATABASE_URL/.test(text);
    });
    expect(direct.length).toBeGreaterThan(50);
    expect(chosen).toEqual(expect.arrayContaining(direct));
    // Through a helper of a helper: answer-probe.ts and comment-server.ts open testApp.
    expect(chosen).toContain('server/routes/answers.test.ts');
    expect(chosen).toContain('server/routes/pin/comments.test.ts');
  });

  it('leave out files that start the embedded database in their own processes or never open one', () => {
    for (const f of ['server/scale/embedded.test.ts', 'server/ops/connections.test.ts', 'common/kst.test.ts'])
      expect(chosen).not.toContain(f);
  });

  describe('follow relative imports at any depth, cycles included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wuwa-pg-files-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };

    it('chooses a file two imports away from TEST_DATABASE_URL and leaves out one that is not', () => {
      write('server/a.test.ts', "import { b } from './lib/b.js';\n");
      write('server/lib/b.ts', "export { c } from '../c';\nimport type { D } from './d';\n");
      write('server/c/index.ts', "import './c-cycle';\nexport const url = process.env.TEST_DATABASE_URL;\n");
      write('server/c-cycle.ts', "import { url } from './c';\n");
      write('server/lib/d.ts', 'export type D = number;\n');
      write('server/e.test.ts', "import type { D } from './lib/d';\nimport { x } from 'pg';\n");
      write('server/f.browser.test.ts', "import { url } from './c';\n");
      write('server/g.test.ts', "const m = await import('./c-cycle');\n");
      expect(unitTestFiles(dir)).toEqual(['server/a.test.ts', 'server/e.test.ts', 'server/g.test.ts']);
      expect(postgresFiles(dir)).toEqual(['server/a.test.ts', 'server/g.test.ts']);
    });
  });
});

describe("a worker's own database", () => {
  it('adds the worker to the database name, keeping the rest of the URL', () => {
    expect(workerDatabaseUrl('postgres://wuwa:secret@127.0.0.1:5432/wuwa_h37?sslmode=disable', '2')).toEqual({
      url: 'postgres://wuwa:secret@127.0.0.1:5432/wuwa_h37_w2?sslmode=disable',
      name: 'wuwa_h37_w2',
    });
    expect(workerDatabaseUrl('postgres://wuwa@127.0.0.1:55432', '1').name).toBe('postgres_w1');
  });
});
