/** The player's page (/mypage): profile, account, progress and contributions. */
export const mypage = {
  profile: '내 정보',
  signedIn: '로그인됨',
  visitor: '로그인하지 않은 방문자',
  changeNickname: '변경',
  deleteAccount: '회원 탈퇴',
  loginBenefit: '로그인하면 찾은 위치가 계정에 저장되어 어느 기기에서든 이어서 기록할 수 있습니다.',
  progressOf: (label: string) => `${label} 진행도`,
  byRegion: '지역별 진행도',
  byRegionHint: '모든 카테고리의 핀 기준입니다.',
  byCategory: '카테고리별 진행도',
  byCategoryEmpty: '지도에서 카테고리를 켜면 진행도가 표시됩니다.',
  myPins: '내가 등록한 핀',
  myPinsFailed: '등록한 핀 목록을 불러오지 못했습니다.',
  noPins: '아직 등록한 핀이 없습니다.',
  firstPin: '첫 핀 등록하기',
  deleteTitle: '정말 탈퇴할까요?',
  deleteConfirm: '탈퇴하기',
  deleteWarning: '탈퇴하면 되돌리기 어렵습니다.',
  deleteDetails:
    '닉네임, 이메일과 지금까지의 찾음 기록이 모두 삭제되며 복구하기 어렵습니다. 등록한 핀은 지도에 남고 작성자 정보만 지워집니다.',
} as const;
