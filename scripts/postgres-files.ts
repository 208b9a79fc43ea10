// Which unit test files the server suite's second pass, on PostgreSQL, has to run again (scripts/test-postgres.ts).
// That pass differs from the first only in TEST_DATABASE_URL, so a file whose code never reads it behaves the same
// in both and ran already. A file reads it when it, or a file it imports (followed through relative imports, at any
// depth), names TEST_DATABASE_URL: every file on server/test-helper.ts (testApp, seededApp), and the files that open a
// database or start a process on it themselves. Product code never reads it (only the test plumbing does), so a
// child process a test starts cannot read it either, unless the test hands it on by name, which that test file shows.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The folders of the unit project (vite.config.ts, test.projects: unit). */
export const UNIT_ROOTS = ['src', 'common', 'server', 'workers', 'proto', 'tools', 'bench', 'tests'];

/** Every unit test file under `root` (`*.test.ts`, not `*.browser.test.*`), relative to it, sorted. */
export function unitTestFiles(root: string): string[] {
  const files: string[] = [];
  for (const top of UNIT_ROOTS) {
    const dir = join(root, top);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (entry.split(/[\\/]/).includes('node_modules')) continue;
      if (entry.endsWith('.test.ts') && !entry.endsWith('.browser.test.ts')) files.push(join(top, entry).replaceAll('\\', '/'));
    }
  }
  return files.sort();
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file a relative import names (`./x`, `./x.js`, `./x/index.ts`), or null when it is not a source file here. */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.(ts|tsx|js|mjs)$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Whether `file` or anything it imports (relative imports, any depth) names TEST_DATABASE_URL. */
function readsTestDatabase(file: string, seen: Map<string, boolean>): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false); // an import cycle adds nothing new
  const text = readFileSync(file, 'utf8');
  let reads = text.includes('TEST_DATABASE_URL');
  for (const m of text.matchAll(IMPORT)) {
    if (reads) break;
    const target = resolveImport(file, m[1]!);
    if (target && readsTestDatabase(target, seen)) reads = true;
  }
  seen.set(file, reads);
  return reads;
}

/** The unit test files (relative to `root`) whose behaviour depends on the database kind, sorted. */
export function postgresFiles(root: string): string[] {
  const seen = new Map<string, boolean>();
  return unitTestFiles(root).filter((f) => readsTestDatabase(resolve(root, f), seen));
}
