// npm run import -- FILE: loads a JSON file of category groups, categories, tag groups and pins
// (the format is in ./format.ts and the README) into the configured database, all or nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { migrate, openDb } from '../db';
import { lockDataDirForTool } from '../ops/data-dir-lock';
import { ImportError, importFile, parseImport } from './import';

async function main(): Promise<number> {
  const path = process.argv[2];
  if (!path) {
    console.error('사용법: npm run import -- FILE.json');
    return 2;
  }
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
    const n = await importFile(db, file);
    console.log(`${path}: 그룹 ${n.groups}, 카테고리 ${n.categories}, 태그 ${n.tags}, 핀 ${n.pins}개를 가져왔습니다.`);
    return 0;
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
