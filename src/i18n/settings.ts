/** The player's settings (/mypage), some of which the map's filter panel offers too. */
export const settings = {
  title: '설정',
  hideChecked: '찾은 핀 숨기기',
  hideCheckedHint: '찾음으로 표시한 핀을 지도에서 감춥니다.',
  foundFaint: '찾은 핀 더 흐리게',
  foundFaintHint: '찾은 핀은 회색에 체크 표시로 그려집니다. 켜면 더 옅게 그려 남은 핀이 더 잘 보입니다.',
  openAfterRegister: '등록 후 핀 열기',
  openAfterRegisterHint: '새 핀을 등록하면 바로 그 핀을 엽니다.',
  largePins: '핀 크게 보기',
  largePinsHint: '방송이나 큰 화면에서 핀 아이콘을 크게 그립니다.',
} as const;
