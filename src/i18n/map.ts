/** The map page: its filter panel, tools, pin menu, multi-pin selection and share link. */
export const map = {
  loading: '지도를 불러오는 중…',
  /** A region's pins broke off mid-load (data/snapshot.ts tries again). */
  pinsRetrying: '핀을 다 받지 못했습니다. 다시 받는 중…',
  /** The tab's title on the map: the region shown. */
  regionTitle: (region: string) => `${region} 지도`,
  filters: '지도 필터',
  categoriesOn: (n: number) => `카테고리 ${n}개`,
  openFilters: '필터 열기',
  closeFilters: '필터 닫기',
  // Filter panel
  noProgress: (label: string) => `${label} 진행도 없음`,
  progress: (label: string, total: number, checked: number) => `${label} ${total}개 중 ${checked}개 찾음`,
  selectAll: '전체 선택',
  selectNone: '전체 해제',
  categorySearchPlaceholder: '카테고리·태그 찾기 (초성: ㅂㅅ)',
  categorySearch: '카테고리 검색',
  categoriesLoading: '카테고리를 불러오는 중…',
  categoriesFailed: '카테고리를 불러오지 못했습니다.',
  noCategoryMatch: '검색과 일치하는 카테고리가 없습니다.',
  categoriesShown: (on: number, all: number) => `카테고리 ${on}/${all}개 표시 중`,
  countsInRegion: (region: string) => `숫자는 ${region}에서 찾은 핀/전체 핀`,
  highlightTags: '태그 강조',
  // Categories at 512 (issue 20 item 4): groups that fold, recent first, the region's own
  groupToggle: (group: string, open: boolean) => `${group} ${open ? '접기' : '펼치기'}`,
  groupAll: (group: string) => `${group} 모두 켜기`,
  groupNone: (group: string) => `${group} 모두 끄기`,
  groupAllShort: '모두',
  groupNoneShort: '해제',
  recent: '최근',
  notInRegion: (n: number) => `이 지역에 없음 (${n.toLocaleString('ko-KR')})`,
  notInRegionHint: '이 지역에는 핀이 없는 카테고리입니다.',
  clearCategorySearch: '검색어 지우기',
  /** An overview aggregate's tooltip (hover, or long press on a phone). */
  aggregate: {
    pins: (n: number) => `핀 ${n.toLocaleString('ko-KR')}개`,
    found: (found: number, count: number) => `찾음 ${found.toLocaleString('ko-KR')} (${Math.floor((found / Math.max(1, count)) * 100)}%)`,
    categoryCount: (found: number, count: number) => `${found.toLocaleString('ko-KR')}/${count.toLocaleString('ko-KR')}`,
    others: (n: number) => `그 밖의 핀 ${n.toLocaleString('ko-KR')}개`,
  },
  clearHighlight: '강조 해제',
  // Tools
  toolbar: '지도 도구',
  chooseFloor: '층 선택',
  /** The floor areas (named caves, interiors) of the chosen floor. */
  chooseArea: '구역 선택',
  /** The floor itself, all of its areas (the floor selector's first choice under a floor). */
  wholeFloor: (floor: string) => `${floor} 전체`,
  tools: { rect: '사각형 범위 선택', lasso: '올가미 범위 선택', route: '경로 선택' },
  largePins: '핀 아이콘 크게 보기',
  largePinsOn: '핀 아이콘 크게 보기 (켜짐)',
  copyLinkPrompt: '아래 링크를 복사하세요',
  // Pin menu and multi-pin selection
  pinDetails: '상세 보기',
  batchAction: '적용할 작업',
  loginToBatch: '로그인하면 선택한 핀을 한 번에 찾음으로 표시할 수 있습니다.',
} as const;
