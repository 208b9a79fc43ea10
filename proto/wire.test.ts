import { describe, expect, it } from 'vitest';
import { Envelope, PIN_LIST_TYPE_URL, PinList } from './index';

describe('wire format', () => {
  it('round-trips a pin list inside the envelope with every pin field', () => {
    const pin = {
      id: 7,
      coordX: -487.5,
      coordY: 1005.25,
      coordZ: -12,
      description: '설명',
      image: '/img/a.webp',
      catNum: 3,
      tags: [{ id: 1, name: '태그', flag: 2 }],
      tagIds: [1, 4],
      icon: 5,
      flag: 1,
      registererId: 9,
      region: 0,
      categoryId: 3,
      categoryName: '보물 상자',
      totalChecks: 42,
    };
    const list = PinList.encode({ categoryId: 3, lastEdited: 1763700000123, pins: [pin] }).finish();
    const bytes = Envelope.encode({ status: 200, error: null, result: { type_url: PIN_LIST_TYPE_URL, value: list } }).finish();
    const env = Envelope.decode(bytes);
    expect(env.status).toBe(200);
    expect(env.result?.type_url).toBe(PIN_LIST_TYPE_URL);
    const back = PinList.decode(env.result!.value!);
    expect(back.lastEdited).toBe(1763700000123);
    expect(back.pins[0]).toMatchObject(pin);
  });

  it('leaves optional fields unset when absent', () => {
    const back = PinList.decode(PinList.encode({ categoryId: 1, pins: [{ id: 1, coordX: 1, coordY: 2, catNum: 1 }] }).finish());
    const p = back.pins[0]!;
    expect(Object.prototype.hasOwnProperty.call(p, 'coordZ')).toBe(false);
  });
});
