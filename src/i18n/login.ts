import { common } from './common';
import { NICKNAME_MAX, NICKNAME_MIN } from '../../common/nickname';

/** Signing in (/login), the provider's return (/oauth/…) and the nickname step (/register/…). */
export const login = {
  title: common.login,
  intro: '로그인하면 찾은 위치를 기록하고, 댓글을 달고, 새 핀을 등록할 수 있습니다.',
  providers: { kakao: '카카오로 시작하기', google: 'Google로 시작하기', local: '이메일로 시작하기 (로컬 로그인)' } as Record<
    string,
    string
  >,
  startWith: (provider: string) => `${provider}로 시작하기`,
  loadingProviders: '로그인 방법을 불러오는 중…',
  providerOff: '이 서버에 설정되지 않은 로그인 방법은 누를 수 없습니다.',
  or: '또는',
  /** What signing in means, with links to the terms and the privacy policy. */
  consent: <T>(terms: T, privacy: T) => [
    '처음 로그인하면 닉네임을 정하는 단계가 이어집니다. 로그인하면 ',
    terms,
    '과 ',
    privacy,
    '에 동의하게 됩니다.',
  ],
  browseWithout: '로그인 없이 둘러보기',
  callbackTitle: '로그인 중',
  failed: '로그인하지 못했습니다',
  cancelled: '로그인이 취소되었습니다.',
  invalid: '인증 정보가 올바르지 않거나 만료되었습니다. 다시 시도해 주세요.',
  retry: '다시 로그인하기',
  home: '홈으로',
  registerTitle: '회원 가입',
  registerHeading: '닉네임 정하기',
  providerNames: { kakao: '카카오', google: 'Google', local: '이메일' } as Record<string, string>,
  registerIntro: (provider: string) => `${provider} 계정으로 처음 로그인하셨네요. 다른 이용자에게 보일 닉네임을 정하면 가입이 끝납니다.`,
  nicknameHint: `${NICKNAME_MIN}~${NICKNAME_MAX}자, 나중에 마이페이지에서 바꿀 수 있습니다.`,
  register: '가입 완료',
} as const;
