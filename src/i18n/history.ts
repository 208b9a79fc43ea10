/** A pin's edit history (issue 15). */
export const history = {
  title: '수정 기록',
  empty: '수정 기록이 없습니다.',
  by: (nickname: string | null) => nickname ?? '탈퇴한 사용자',
  kind: { create: '등록', edit: '수정', revert: '되돌림', hide: '숨김', unhide: '숨김 해제', merge: '중복 병합' } as Record<string, string>,
  created: '핀을 등록했습니다.',
  moved: (n: number) => `위치 수정됨: ${Math.round(n).toLocaleString('ko-KR')}만큼 이동`,
  floor: (a: string, b: string) => `층 변경: ${a} → ${b}`,
  region: (a: string, b: string) => `지역 변경: ${a} → ${b}`,
  category: (a: string, b: string) => `카테고리 변경: ${a} → ${b}`,
  description: '설명 변경',
  image: '이미지 변경',
  none: '(없음)',
  tags: (added: string[], removed: string[]) =>
    [added.length ? `태그 추가: ${added.join(', ')}` : '', removed.length ? `태그 제거: ${removed.join(', ')}` : '']
      .filter(Boolean)
      .join(' · '),
  noChange: '내용 변경 없음',
  /** Short names of a change, for the list of recent changes. */
  changed: { floor: '층 변경', region: '지역 변경', category: '카테고리 변경', tags: '태그 변경' },
  reverted: '되돌려짐',
  revertTo: '이 상태로 되돌리기',
  revertDone: '핀을 되돌렸습니다.',
  confirmRevert: '이 수정 직후의 상태로 핀을 되돌릴까요? 되돌림도 기록에 남습니다.',
} as const;
