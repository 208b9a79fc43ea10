import { MAX_NOTE } from '../../common/notes';

/** Private notes on pins: the pin page's note, its badge, and "내 메모" on the search page. */
export const notes = {
  heading: '내 메모',
  /** Under the heading: who sees it. */
  privateHint: '나만 볼 수 있고, 로그인한 다른 기기에도 바로 나타납니다.',
  badge: '메모',
  badgeLabel: '내 메모가 있는 핀',
  add: '메모 추가',
  edit: '메모 수정',
  delete: '메모 삭제',
  save: '저장',
  cancel: '취소',
  fieldLabel: '이 핀에 대한 내 메모',
  placeholder: '예: 절벽 위에서 활공해서 내려가기',
  count: (n: number) => `${n.toLocaleString('ko-KR')} / ${MAX_NOTE.toLocaleString('ko-KR')}자`,
  empty: '메모 내용을 입력해 주세요.',
  tooLong: `메모는 ${MAX_NOTE.toLocaleString('ko-KR')}자 이하로 입력해 주세요.`,
  saved: '메모를 저장했습니다.',
  deleted: '메모를 삭제했습니다.',
  loginHint: '로그인하면 핀에 나만 보는 메모를 남길 수 있습니다.',
  // Search
  tabAll: '모든 핀',
  tabNotes: '내 메모',
  tabsLabel: '검색 대상',
  notesPlaceholder: '내 메모에서 검색 (비워 두면 모든 메모)',
  notesIntro: '내가 핀에 남긴 메모를 찾습니다. 검색어를 비워 두면 모든 메모가 나옵니다.',
  notesNeedLogin: '로그인하면 내 메모를 검색할 수 있습니다.',
  noNotes: '아직 남긴 메모가 없습니다. 핀 상세에서 메모를 추가해 보세요.',
  noNoteResults: (q: string) => `"${q}"이(가) 들어간 메모가 없습니다.`,
} as const;
