import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ko } from '../i18n/ko';
import { startLocalSimulator, type LocalSim } from '../../tools/tracker-sim';
import { parseTrackerInput } from './tracker';
import { TrackerStore } from './TrackerStore';
import type { WebSocketLike } from './TrackerConnection';
import type { TrackerSample } from './position';
import { until } from './test-support';

const RELAY = 'ws://map.example/api/v1/tracker';

describe('connect dialog input', () => {
  it('accepts a URL (local mode) or an 8-character code (external mode)', () => {
    expect(parseTrackerInput('', RELAY)).toEqual({ target: { mode: 'local', url: 'ws://127.0.0.1:46821' } });
    expect(parseTrackerInput(' ws://192.168.0.5:46821/ ', RELAY)).toEqual({ target: { mode: 'local', url: 'ws://192.168.0.5:46821' } });
    expect(parseTrackerInput('ab12cd34', RELAY)).toEqual({ target: { mode: 'external', code: 'AB12CD34', relayUrl: RELAY } });
  });

  it('reads a code as the desktop tracker shows it (XXXX-XXXX), in any case and with spaces', () => {
    for (const typed of ['ABCD-1234', 'abcd-1234', 'ABCD 1234', ' abcd – 1234 ', 'AB.CD_12.34']) {
      expect(parseTrackerInput(typed, RELAY)).toEqual({ target: { mode: 'external', code: 'ABCD1234', relayUrl: RELAY } });
    }
  });

  it('refuses anything else with the Korean message', () => {
    for (const bad of ['AB12CD3', 'AB12CD345', 'AB12-D34', 'ABCD-12345', '가나다라마바사아', 'http://x']) {
      expect(parseTrackerInput(bad, RELAY)).toEqual({ error: ko.trackerCodeInvalid });
    }
    expect(parseTrackerInput('ws://', RELAY)).toEqual({ error: ko.trackerUrlInvalid });
  });
});

describe('TrackerStore', () => {
  let sim: LocalSim;
  beforeAll(async () => {
    sim = await startLocalSimulator({ port: 0, hz: 20 });
  });
  afterAll(() => sim.close());

  it('publishes state and mapped positions to subscribers', async () => {
    const store = new TrackerStore({ createPeer: null, createSocket: (u) => new WebSocket(u) as unknown as WebSocketLike });
    const samples: TrackerSample[] = [];
    const statuses: string[] = [];
    let renders = 0;
    store.subscribe(() => renders++);
    store.onPosition((s) => samples.push(s));
    store.onStatus((now) => statuses.push(now.status));
    store.connect({ mode: 'local', url: sim.url });
    await until(() => samples.length >= 3, 'samples');
    const snap = store.getSnapshot();
    expect(snap).toMatchObject({ status: 'connected', target: { mode: 'local', url: sim.url } });
    expect(snap.sample).toBe(samples.at(-1));
    expect(samples[0]!.regionId).toBe(0);
    expect(renders).toBeGreaterThan(3);
    store.disconnect();
    expect(statuses).toEqual(['connecting', 'connected', 'closed']);
    expect(store.getSnapshot().status).toBe('closed');
  });
});
