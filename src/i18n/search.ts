/** Search (/search). */
export const search = {
  results: (shown: number, total: number) => `핀 ${total.toLocaleString('ko-KR')}개 중 ${shown.toLocaleString('ko-KR')}개`,
  more: (n: number) => `더 보기 (${n.toLocaleString('ko-KR')}개 남음)`,
  found: '찾음',
  notFound: '못 찾음',
  noRegion: '지역 없음',
  category: (id: number) => `카테고리 ${id}`,
} as const;
