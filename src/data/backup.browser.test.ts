// The progress backup in real Chromium against the real server (issue 25 item 1, issue 23 item 9): export through the
// API client after the access token expired, the file read in a worker with strict pin ids, and a restore of your own
// export that sets progress to the file's.
import { beforeEach, describe, expect, it } from 'vitest';
import { PinList } from '../../proto';
import { api } from '../api';
import { store } from '../state';
import { toast } from '../ui/toast';
import { syncChecks } from './checks';
import { keys } from './keys';
import { queryClient } from './query-client';
import { fetchExport, importProgress, readImportFile } from './progress';
import { expireAccessToken, freshProfile, signInLocal } from './test-support';
import type { Me } from './types';

let me: Me;

beforeEach(async () => {
  await freshProfile();
  await signInLocal(`backup${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  me = (await api.get<Me>('/api/v1/me'))!;
  queryClient.setQueryData(keys.me, me);
  await syncChecks(me.id, me.checkTime);
});

const csvFile = (text: string) => new File([text], 'progress.csv', { type: 'text/csv' });

describe('progress backup', () => {
  it(
    'export still works after the access token expired: the client refreshes and retries (a bare link got a 401)',
    async () => {
      const pins = (await api.getProto('/api/v1/category/1/pins-proto', (b) => PinList.decode(b))).pins.map((p) => Number(p.id));
      await api.post('/api/v1/pin/batch-check', { pinIds: pins.slice(0, 3), check: true });
      await expireAccessToken();
      // What the old download link did: the browser's own request, with an expired token.
      expect((await fetch('/api/v1/me/export?format=csv', { credentials: 'include' })).status).toBe(401);
      const csv = await fetchExport('csv');
      expect(csv.name).toMatch(/^wuwa-map-progress-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = (await csv.blob.text()).trim().split('\n');
      expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(pins.slice(0, 3).sort((a, b) => a - b));
      const json = await fetchExport('json');
      expect(JSON.parse(await json.blob.text()).result.pins).toHaveLength(3);
      expect(toast.messages()).toEqual([]);
    },
  );

  it('a signed-out export fails with the Korean message, not silently', async () => {
    await fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include' });
    await expect(fetchExport('json')).rejects.toMatchObject({ errClazz: 'requires_login', messageTranslated: expect.stringMatching(/로그인/) });
  });

  it('reads the file in a worker: strict decimal pin ids, a third column named by its line', async () => {
    const made: string[] = [];
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        made.push(options?.name ?? '');
      }
    };
    try {
      await expect(readImportFile(csvFile('pinId,checkedAt\n0x10,2026-01-01T00:00:00.000Z\n'))).rejects.toThrow('파일의 2번째 줄을 읽을 수 없습니다.');
      await expect(readImportFile(csvFile('pinId,checkedAt\n5\n1e3\n'))).rejects.toThrow('파일의 3번째 줄을 읽을 수 없습니다.');
      await expect(readImportFile(csvFile('pinId,checkedAt\n5\n6,2026-01-01T00:00:00.000Z,메모\n'))).rejects.toThrow(
        '파일의 3번째 줄에 칸이 너무 많습니다.',
      );
      await expect(readImportFile(csvFile('pinId,checkedAt\n7,2026-01-01T00:00:00.000Z\n5\n7\n'))).resolves.toEqual({
        version: 1,
        pins: [{ pinId: 7, checkedAt: Date.parse('2026-01-01T00:00:00.000Z') }, { pinId: 5 }],
      });
      expect(made).toEqual(['progress-file', 'progress-file', 'progress-file', 'progress-file']);
    } finally {
      window.Worker = Native;
    }
  });

  it('re-importing your own export after changes restores it: replace exactly, merge adds; the store follows', async () => {
    const pins = (await api.getProto('/api/v1/category/1/pins-proto', (b) => PinList.decode(b))).pins.map((p) => Number(p.id)).slice(0, 6);
    await api.post('/api/v1/pin/batch-check', { pinIds: pins.slice(0, 4), check: true });
    const file = new File([await (await fetchExport('json')).blob.text()], 'backup.json', { type: 'application/json' });
    await api.post('/api/v1/pin/batch-check', { pinIds: pins.slice(0, 2), check: false });
    await api.post('/api/v1/pin/batch-check', { pinIds: pins.slice(4), check: true });

    const data = await readImportFile(file);
    expect(await importProgress('replace', data, true)).toMatchObject({ add: 2, remove: 2, unchanged: 2 });
    await importProgress('replace', data, false);
    expect([...store.checks].sort((a, b) => a - b)).toEqual(pins.slice(0, 4).sort((a, b) => a - b));
    await api.post('/api/v1/pin/batch-check', { pinIds: pins.slice(0, 2), check: false });
    await api.post('/api/v1/pin/batch-check', { pinIds: pins.slice(4), check: true });
    await importProgress('merge', data, false);
    expect([...store.checks].sort((a, b) => a - b)).toEqual([...pins].sort((a, b) => a - b));
  });
});
