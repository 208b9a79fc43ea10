// A small hand-made pin set with exact, easy-to-reason positions for the store's tests.
import { PinList, type wuwamap } from '../../proto';

/**
 * Category 1: 100 pins on a 10×10 grid, pin i (0..99) has id i+1 at (10·(i%10), 10·⌊i/10⌋);
 * region 0 where x < 50, else 2; row y = 50 lies on floor -1; id%3 == 0 carries tag 5,
 * id%7 == 0 tag 6. Category 2: ten pins, ids 1001..1010 at (5 + 10k, 5), region 0, tag 6.
 */
export function gridCategories(): { cat1: Uint8Array; cat2: Uint8Array } {
  const pins1: wuwamap.IPin[] = [];
  for (let i = 0; i < 100; i++) {
    const id = i + 1;
    const x = 10 * (i % 10),
      y = 10 * Math.floor(i / 10);
    const tagIds = [...(id % 3 === 0 ? [5] : []), ...(id % 7 === 0 ? [6] : [])];
    pins1.push({
      id,
      coordX: x,
      coordY: y,
      ...(y === 50 ? { coordZ: -1 } : {}),
      catNum: i + 1,
      tagIds,
      tags: tagIds.map((t) => ({ id: t, name: t === 5 ? '상자' : '퍼즐' })),
      region: x < 50 ? 0 : 2,
      categoryId: 1,
      categoryName: '보물 상자',
      description: `격자 ${id}`,
      ...(id === 42 ? { image: '/images/42.webp', icon: 7 } : {}),
    });
  }
  const pins2: wuwamap.IPin[] = Array.from({ length: 10 }, (_, k) => ({
    id: 1001 + k,
    coordX: 5 + 10 * k,
    coordY: 5,
    catNum: k + 1,
    tagIds: [6],
    tags: [{ id: 6, name: '퍼즐' }],
    region: 0,
    categoryId: 2,
    categoryName: '소리 상자',
  }));
  return {
    cat1: PinList.encode({ categoryId: 1, lastEdited: 1763700000001, pins: pins1 }).finish(),
    cat2: PinList.encode({ categoryId: 2, lastEdited: 1763700000002, pins: pins2 }).finish(),
  };
}
