/** A pin's page (/pin/{id}) and the report dialog. */
export const pin = {
  invalidAddress: '잘못된 핀 주소입니다.',
  notFound: '핀을 찾을 수 없습니다. 삭제되었거나 주소가 잘못되었을 수 있습니다.',
  photoAlt: (title: string) => `${title} 위치 사진`,
  noDescription: '설명이 없습니다.',
  showOnMap: '지도에서 위치 보기',
  /** Why a visitor cannot mark or comment, around the link to the login page. */
  loginHint: <T>(loginLink: T) => ['찾음 표시는 이 기기에만 저장됩니다. ', loginLink, '하면 계정에 합치고 댓글도 쓸 수 있습니다.'],
  foundBy: '찾은 사람',
  people: (n: number) => `${n.toLocaleString('ko-KR')}명`,
  number: '핀 번호',
  report: {
    title: '핀 신고',
    duplicateNotNumber: '중복 핀 번호는 숫자로 입력해 주세요.',
    duplicateIsTarget: '신고하는 핀과 다른 핀 번호를 입력해 주세요.',
    commentEmpty: '신고 내용을 입력해 주세요.',
    submit: '신고하기',
    target: '신고할 핀',
    targetNumber: (id: number) => `핀 번호 ${id}`,
    duplicate: '중복된 핀 번호 (없으면 비워 두세요)',
    duplicatePlaceholder: '예: 1234',
    comment: '신고 내용',
    commentPlaceholder: '무엇이 잘못되었는지 알려 주세요. 예: 실제 위치는 다리 아래쪽입니다.',
  },
} as const;
