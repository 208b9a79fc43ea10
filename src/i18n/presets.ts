/** Filter presets in the map's filter panel (issue 20 item 4). */
export const presets = {
  title: '필터 프리셋',
  save: '현재 필터 저장',
  saveShort: '저장',
  cancel: '취소',
  nameLabel: '프리셋 이름',
  namePlaceholder: '예: 상자 사냥',
  hint: '지금 켠 카테고리와 강조한 태그, 찾은 핀을 감출지를 이름을 붙여 저장하고 한 번에 바꿉니다.',
  visitorHint: '로그인하지 않으면 이 기기에만 저장됩니다.',
  saved: (name: string) => `'${name}' 프리셋을 저장했습니다.`,
  replaced: (name: string) => `'${name}' 프리셋을 지금 필터로 바꿨습니다.`,
  deleted: (name: string) => `'${name}' 프리셋을 지웠습니다.`,
  delete: (name: string) => `${name} 프리셋 삭제`,
  apply: (name: string, categories: number) => `${name} 프리셋 적용 (카테고리 ${categories.toLocaleString('ko-KR')}개)`,
  nameEmpty: '프리셋 이름을 입력해 주세요.',
  full: (max: number) => `필터 프리셋은 ${max}개까지 저장할 수 있습니다. 쓰지 않는 프리셋을 지운 뒤 다시 저장해 주세요.`,
} as const;
