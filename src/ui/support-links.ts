import { ko } from '../i18n/ko';

/** The three support channels shown on the crash screen and the support page (SPEC §2). */
export const SUPPORT_LINKS = {
  community: { ...ko.support.channels.community, href: 'https://arca.live/b/wutheringwaves' },
  openChat: { ...ko.support.channels.openChat, href: 'https://open.kakao.com/o/wuwamap' },
  email: { ...ko.support.channels.email, href: 'mailto:help@wuwa-map.kr', address: 'help@wuwa-map.kr' },
} as const;
