// A re-import that changed pins tells open maps (issue 20 item 6): one `pin` notice of kind 'import' on the pin
// channel after the commit, which every server process passes to its event streams; none when nothing changed
// or for a dry run.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { PIN_CHANNEL } from '../repos/pin-events';
import { importFile, parseImport } from './import';

const example = readFileSync(new URL('../../tests/fixtures/import-example.json', import.meta.url), 'utf8');
let t: Awaited<ReturnType<typeof testApp>>;
const heard: string[] = [];
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await testApp();
  stop = await t.db.listen(PIN_CHANNEL, (payload) => heard.push(payload));
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

/** Waits for the notices of the last import to arrive (the NOTIFY of a committed transaction is delivered after it). */
const settle = () => t.db.query('select 1');

describe('import notice', () => {
  it('announces an import that changed pins once, and nothing for an unchanged one or a dry run', async () => {
    await importFile(t.db, parseImport(example));
    await settle();
    await expect.poll(() => heard.length).toBe(1);
    expect(JSON.parse(heard[0]!)).toEqual({ pinId: 0, categoryIds: [], kind: 'import' });
    await importFile(t.db, parseImport(example));
    const edited = JSON.parse(example) as { categoryGroups: { categories: { pins?: { x: number }[] }[] }[] };
    edited.categoryGroups[0]!.categories[0]!.pins![0]!.x += 100;
    await importFile(t.db, parseImport(JSON.stringify(edited)), { dryRun: true });
    await settle();
    expect(heard.length).toBe(1);
    await importFile(t.db, parseImport(JSON.stringify(edited)));
    await expect.poll(() => heard.length).toBe(2);
  });
});
