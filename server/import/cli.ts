// npm run import -- FILE [--dry-run] [--prune]: loads a JSON file of category groups, categories, tag groups and pins
// (the format is in ./format.ts and the README) into the configured database, all or nothing. Loading it again changes
// nothing; an edited file updates what it holds in place; --prune removes what it no longer holds; --dry-run only says.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig } from '../config';
import { migrate, openDb } from '../db';
import { lockDataDirForTool } from '../ops/data-dir-lock';
import { ImportError, importFile, parseImport, type ImportReport } from './import';
import { prepareImportIcons } from './icons';

const KINDS = [
  ['groups', '그룹'],
  ['categories', '카테고리'],
  ['tagGroups', '태그 그룹'],
  ['tags', '태그'],
  ['pins', '핀'],
] as const;

/** One line per action: `추가: 그룹 1, 카테고리 2, …`. */
function describeReport(r: ImportReport, dry: boolean): string[] {
  const line = (label: string, c: ImportReport['added']) => `${label}: ${KINDS.map(([k, ko]) => `${ko} ${c[k]}`).join(', ')}`;
  const lines = [
    line(dry ? '추가할 것 / would add' : '추가 / added', r.added),
    line(dry ? '바꿀 것 / would update' : '변경 / updated', r.updated),
    line(dry ? '지울 것 / would remove' : '삭제 / removed', r.removed),
    line('그대로 / unchanged', r.unchanged),
  ];
  for (const action of ['added', 'updated', 'removed'] as const) {
    for (const s of r.samples[action]) lines.push(`  ${action} ${s}`);
  }
  return lines;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.find((a) => a.startsWith('--') && a !== '--dry-run' && a !== '--prune');
  const files = args.filter((a) => !a.startsWith('--'));
  if (unknown || files.length !== 1) {
    console.error('사용법: npm run import -- FILE.json [--dry-run] [--prune]');
    return 2;
  }
  const path = files[0]!;
  const dryRun = args.includes('--dry-run');
  const prune = args.includes('--prune');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    console.error(`${path}: 파일을 읽을 수 없습니다 (${(e as Error).message})`);
    return 1;
  }
  let file;
  try {
    file = parseImport(text);
    await prepareImportIcons(file, dirname(path));
  } catch (e) {
    if (e instanceof ImportError) {
      console.error(
        `${path}: 가져올 수 없습니다. 오류 ${e.errors.length + e.more}개, 아무것도 쓰지 않았습니다. / refused, nothing written:`,
      );
      for (const x of e.errors) console.error(`${path} ${x.where}: ${x.problem}`);
      if (e.more) console.error(`${path}: … 그 밖에 오류 ${e.more}개 / and ${e.more} more`);
      return 1;
    }
    throw e;
  }
  const config = loadConfig();
  const refused = lockDataDirForTool(config, 'npm run import');
  if (refused) {
    console.error(refused);
    return 1;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    await migrate(db);
    const started = performance.now();
    // IMPORT_STEPS=1 prints each written step (the kill -9 test stops the process on one).
    const onStep = process.env.IMPORT_STEPS === '1' ? (step: string) => console.log(`step ${step}`) : undefined;
    const report = await importFile(db, file, { dryRun, prune, onStep });
    const ms = Math.round(performance.now() - started);
    // The process's peak resident memory (parse, plan and write), for an operator sizing the machine.
    const mib = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      dryRun
        ? `${path}: 미리 보기 — 아무것도 쓰지 않았습니다 (${ms} ms, 최대 메모리 ${mib} MiB). / dry run, nothing written:`
        : `${path}: 가져왔습니다 (${ms} ms, 최대 메모리 ${mib} MiB${prune ? ', --prune' : ''}). / imported:`,
    );
    for (const l of describeReport(report, dryRun)) console.log(l);
    return 0;
  } catch (e) {
    console.error(`${path}: 가져오기에 실패해 아무것도 바뀌지 않았습니다. / import failed, nothing changed: ${(e as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
