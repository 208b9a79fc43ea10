/** The three support channels shown on the crash screen and the support page (SPEC §2). */
export const SUPPORT_LINKS = {
  community: { label: '커뮤니티 채널', href: 'https://arca.live/b/wutheringwaves', description: '이용자 커뮤니티에서 질문하고 소식을 확인하세요.' },
  openChat: { label: '오픈채팅', href: 'https://open.kakao.com/o/wuwamap', description: '카카오톡 오픈채팅방에서 바로 물어보세요.' },
  email: { label: '이메일 문의', href: 'mailto:help@wuwa-map.kr', address: 'help@wuwa-map.kr', description: '계정·개인정보 관련 문의는 이메일로 보내 주세요.' },
} as const;
