/**
 * The Korean strings of the interface (the UI is Korean only). Add keys freely; keep one
 * string one place. Functions take the values a message needs.
 */
export const ko = {
  appName: '명조 커뮤니티 지도',
  defaultError: '오류가 발생했습니다.',
  loginRequired: '로그인이 필요합니다.',
  nicknameEmpty: '닉네임을 입력해 주세요.',
  coordinatesInvalid: '좌표에 잘못된 값이 입력되었습니다.',
  imageHostFailed: '이미지 호스팅 등록에 실패했습니다.',
  chooseCategory: '카테고리를 선택해 주세요.',
  descriptionHelps: '설명을 적으면 다른 이용자에게 도움이 됩니다.',
  welcome: (nickname: string) => `${nickname}님, 환영합니다!`,
  logoutCompleted: '로그아웃되었습니다.',
  nicknameChanged: '닉네임이 변경되었습니다.',
  accountDeleted: '계정이 삭제되었습니다.',
  copiedToClipboard: '클립보드에 복사되었습니다.',
  pinRegistered: '핀이 등록되었습니다.',
  pinsRefetched: '핀 정보를 다시 불러왔습니다.',
  reportSubmitted: '신고가 접수되었습니다.',
  trackerConnected: '트래커가 연결되었습니다.',
  trackerDisconnected: '트래커 연결이 끊어졌습니다.',
  trackerCodeInvalid: '연결 코드는 숫자와 영문 대문자 8자리입니다.',
  wanderer: '방랑자',
  markFound: '찾음으로 표시',
  markNotFound: '찾지 않음으로 표시',
  applyToPins: (n: number) => `핀 ${n.toLocaleString('ko-KR')}개에 적용할까요? 이 작업은 되돌릴 수 없습니다.`,
  footer: '이 사이트는 이용자들이 함께 만드는 커뮤니티입니다. 게임 콘텐츠의 저작권은 게임 개발사(Kuro Games)에 있습니다.',
} as const;
