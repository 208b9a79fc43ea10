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
