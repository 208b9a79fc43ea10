import { common } from './common';

/** Search (/search). */
export const search = {
  title: (q: string) => (q ? `"${q}" 검색` : common.search),
  inputLabel: '핀과 카테고리 검색',
  placeholder: '카테고리, 태그, 설명으로 검색 (예: 보물상자, 동굴)',
  loadingCategories: (loaded: number, all: number) => `모든 카테고리를 불러오는 중… (${loaded}/${all})`,
  intro: '모든 지역의 핀을 카테고리 이름, 태그, 설명으로 찾을 수 있습니다. 결과를 누르면 지도가 그 위치로 이동합니다.',
  categoryResult: (group: string, pins: number) => `${group} · 핀 ${pins.toLocaleString('ko-KR')}개 · 지도에 표시`,
  searching: '검색 중…',
  noResults: (q: string) => `"${q}"에 대한 검색 결과가 없습니다. 다른 낱말로 찾아보세요.`,
  pinResults: '핀 검색 결과',
  /** The invitation to add a missing pin, around the link to the edit page. */
  missing: <T>(link: T) => ['찾는 위치가 없나요? ', link, '해 주세요.'],
  addYourself: '직접 등록',
  results: (shown: number, total: number) => `핀 ${total.toLocaleString('ko-KR')}개 중 ${shown.toLocaleString('ko-KR')}개`,
  more: (n: number) => `더 보기 (${n.toLocaleString('ko-KR')}개 남음)`,
  found: '찾음',
  notFound: '못 찾음',
  noRegion: '지역 없음',
  category: (id: number) => `카테고리 ${id}`,
} as const;
