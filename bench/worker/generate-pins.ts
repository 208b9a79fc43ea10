// Realistic, seeded pin sets for the worker's benches and tests: pins cluster around points of
// interest inside the real regions' bounds, some sit on sub-map floors, most carry tags.
import Alea from 'alea';
import { REGIONS } from '../../common/regions';
import { PinList } from '../../proto';
import type { wuwamap } from '../../proto';

/** One generated category: its id and encoded PinList bytes. */
export interface GeneratedCategory {
  categoryId: number;
  lastEdited: number;
  pins: wuwamap.IPin[];
  bytes: Uint8Array;
}

const WORDS = [
  '보물 상자',
  '소리 상자',
  '에코',
  '수집품',
  '동굴 입구',
  '퍼즐',
  '정예 몬스터',
  '광석',
  '꽃',
  '전송 장치',
  '숨겨진 길',
  '절벽 아래',
  '다리 옆',
];

/** `total` pins over `categories` categories (ids 1..categories), seeded, clustered. */
export function generateCategories(total: number, categories: number, seed = 'wuwa'): GeneratedCategory[] {
  const rnd = Alea(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
  const out: GeneratedCategory[] = [];
  let nextId = 1;
  // Category sizes are skewed like a real map: a few big collectible categories, many small ones.
  const weights = Array.from({ length: categories }, (_, i) => 1 / (1 + i * 0.35));
  const wsum = weights.reduce((a, b) => a + b, 0);
  let left = total;
  for (let c = 0; c < categories; c++) {
    const n = c === categories - 1 ? left : Math.min(left, Math.round((total * weights[c]!) / wsum));
    left -= n;
    const categoryId = c + 1;
    const pins: wuwamap.IPin[] = [];
    const centres = Array.from({ length: 4 + Math.floor(rnd() * 30) }, () => {
      const r = REGIONS[Math.floor(rnd() * REGIONS.length)]!;
      const [x0, y0, x1, y1] = r.bounds;
      return { region: r.id, x: x0 + rnd() * (x1 - x0), y: y0 + rnd() * (y1 - y0), s: 60 + rnd() * 600 };
    });
    for (let i = 0; i < n; i++) {
      const ctr = centres[Math.floor(rnd() * centres.length)]!;
      const onFloor = rnd() < 0.08;
      const tagCount = Math.floor(rnd() * 3);
      const tagIds = Array.from({ length: tagCount }, () => 1 + Math.floor(rnd() * 40));
      pins.push({
        id: nextId++,
        coordX: Math.round((ctr.x + gauss() * ctr.s) * 4) / 4,
        coordY: Math.round((ctr.y + gauss() * ctr.s) * 4) / 4,
        ...(onFloor ? { coordZ: rnd() < 0.5 ? -1 : -2 } : {}),
        ...(rnd() < 0.7 ? { description: `${WORDS[Math.floor(rnd() * WORDS.length)]} ${i}` } : {}),
        ...(rnd() < 0.2 ? { image: `/images/pin-${nextId}.webp` } : {}),
        catNum: i + 1,
        tags: tagIds.map((id) => ({ id, name: `태그 ${id}` })),
        tagIds,
        ...(rnd() < 0.1 ? { icon: Math.floor(rnd() * 48) } : {}),
        registererId: 1 + Math.floor(rnd() * 500),
        region: ctr.region,
        categoryId,
        categoryName: `카테고리 ${categoryId}`,
        totalChecks: Math.floor(rnd() * 2000),
      });
    }
    const lastEdited = 1763700000000 + c * 1000;
    out.push({ categoryId, lastEdited, pins, bytes: PinList.encode({ categoryId, lastEdited, pins }).finish() });
  }
  return out;
}
