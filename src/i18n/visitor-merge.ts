/** A visitor's marks kept on this device, and the offer to merge them on sign-in (VisitorMergeDialog). */
export const visitorMerge = {
  title: '로그인 전에 찾은 핀',
  preview: (n: number) => `로그인하기 전에 이 기기에서 찾음으로 표시한 핀 ${n.toLocaleString('ko-KR')}개를 계정에 합칠까요?`,
  already: (n: number) => `이미 계정에 찾음으로 표시된 ${n.toLocaleString('ko-KR')}개는 그대로 둡니다.`,
  undoNote: '합친 뒤에도 알림의 실행 취소나 마이페이지의 최근 작업에서 한 번에 되돌릴 수 있습니다.',
  discardNote: '합치지 않으면 이 기기에 남은 표시는 지워집니다.',
  merge: '계정에 합치기',
  discard: '합치지 않기',
  /** The toast of a visitor's mark: where it is kept. */
  markedHere: (check: boolean) =>
    check
      ? '찾음으로 표시했습니다. 이 기기에만 저장되며, 로그인하면 계정에 합칠 수 있습니다.'
      : '찾지 않음으로 표시했습니다. (이 기기에 저장)',
} as const;
