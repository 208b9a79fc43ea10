// Korean texts of progress profiles and of progress brought over from another map (issue 22 items 4 and 5).
// Kept beside ko.ts (not in it) so that parallel branches touching ko.ts merge cleanly.
export const koProfiles = {
  title: '진행 프로필',
  hint: (max: number) =>
    `게임 계정마다 따로 진행도를 기록하세요. 프로필마다 찾은 핀, 실행 취소 기록, 내보내기가 따로 있습니다. 최대 ${max}개.`,
  switcher: '진행 프로필',
  manage: '관리',
  active: '사용 중',
  found: (n: number) => `${n.toLocaleString('ko-KR')}개 찾음`,
  use: '사용',
  rename: '이름 바꾸기',
  save: '저장',
  delete: '삭제',
  newName: '새 프로필 이름',
  create: '프로필 만들기',
  createAndUse: '만들고 바로 사용',
  full: (max: number) => `프로필은 최대 ${max}개까지 만들 수 있습니다.`,
  switched: (name: string) => `'${name}' 프로필로 바꿨습니다.`,
  created: (name: string) => `'${name}' 프로필을 만들었습니다.`,
  deleteTitle: '프로필 삭제',
  deleteMessage: (name: string, found: number) =>
    `'${name}' 프로필과 그 안의 찾은 핀 ${found.toLocaleString('ko-KR')}개, 실행 취소 기록이 모두 삭제됩니다. 되돌릴 수 없습니다.`,
  deleteConfirm: '삭제',
  failed: '프로필을 바꾸지 못했습니다. 잠시 후 다시 시도해 주세요.',
  nameEmpty: '프로필 이름을 입력해 주세요.',
  nameTooLong: (max: number) => `프로필 이름은 ${max}자 이하로 입력해 주세요.`,
} as const;

export const koRival = {
  title: '다른 지도에서 가져오기',
  hint: '다른 명조 팬 지도에서 내려받은 JSON 백업의 진행도를 가져옵니다. 마커는 핀의 고유 키로, 없으면 같은 카테고리의 10m 안 가장 가까운 핀으로 맞춥니다.',
  file: '백업 파일 고르기',
  which: '가져올 프로필',
  target: '넣을 곳',
  intoActive: (name: string) => `지금 프로필 '${name}'에 합치기`,
  intoNew: (name: string) => `새 프로필 '${name}' 만들기`,
  row: (p: { name: string; found: number; matched: number; unmatched: number }) =>
    `${p.name}: 찾은 마커 ${p.found.toLocaleString('ko-KR')}개 중 ${p.matched.toLocaleString('ko-KR')}개 일치, ${p.unmatched.toLocaleString('ko-KR')}개 못 찾음`,
  preview: (into: string, add: number, unchanged: number, unmatched: number) =>
    `'${into}' 프로필에 새로 찾음 ${add.toLocaleString('ko-KR')}개, 이미 찾음 ${unchanged.toLocaleString('ko-KR')}개. 우리 지도에서 못 찾은 마커 ${unmatched.toLocaleString('ko-KR')}개는 건너뜁니다.`,
  apply: '가져오기',
  failed: '가져오지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;
