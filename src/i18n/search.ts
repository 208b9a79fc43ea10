import { common } from './common';

/** Search (/search). */
export const search = {
  title: (q: string) => (q ? `"${q}" 검색` : common.search),
  inputLabel: '핀과 카테고리 검색',
  placeholder: '카테고리, 태그, 설명, 핀 번호로 검색 (예: 보물상자, 동굴)',
  intro:
    '모든 지역의 핀을 카테고리 이름, 태그, 설명, 핀 번호로 찾을 수 있습니다. 띄어쓰기와 악센트는 가리지 않습니다. 결과를 누르면 지도가 그 위치로 이동합니다.',
  categoryResult: (group: string, pins: number) => `${group} · 핀 ${pins.toLocaleString('ko-KR')}개 · 지도에 표시`,
  noResults: (q: string) => `"${q}"에 대한 검색 결과가 없습니다. 다른 낱말로 찾아보세요.`,
  pinResults: '핀 검색 결과',
  /** The invitation to add a missing pin, around the link to the edit page. */
  missing: <T>(link: T) => ['찾는 위치가 없나요? ', link, '해 주세요.'],
  addYourself: '직접 등록',
  results: (shown: number, total: number) => `핀 ${total.toLocaleString('ko-KR')}개 중 ${shown.toLocaleString('ko-KR')}개`,
  found: '찾음',
  notFound: '못 찾음',
  noRegion: '지역 없음',
  regionFilter: '지역',
  allRegions: '모든 지역',
  categoryFilter: '카테고리',
  allCategories: '모든 카테고리',
  unfoundOnly: '못 찾은 핀만',
  unfoundNeedsLogin: '로그인하면 못 찾은 핀만 볼 수 있습니다.',
  failed: '검색하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;
