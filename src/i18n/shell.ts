import { common } from './common';

/** The application frame: navigation, the "more" menu, footer, page titles, loading and crash screens. */
export const shell = {
  navLabel: '주 메뉴',
  brandHome: `${common.appName} 홈`,
  home: '홈',
  contribute: '기여하기',
  more: '더보기',
  trackerConnect: '트래커 연결',
  trackerConnected: '트래커 (연결됨)',
  collapseNav: '메뉴 접기 (방송용)',
  expandNav: '메뉴 펼치기',
  skipToMain: '본문으로 건너뛰기',
  themeLabels: { light: '라이트', dark: '다크', system: '시스템 설정' },
  footerNav: '사이트 정보',
  adSlot: '광고 영역',
  /** The tab's title: the page's, then the site's. */
  documentTitle: (page: string) => (page ? `${page} | ${common.appName}` : common.appName),
  pageLoading: '페이지를 불러오는 중',
  notFound: {
    title: '페이지를 찾을 수 없음',
    heading: '페이지를 찾을 수 없습니다',
    body: <T>(path: T) => ['요청하신 주소 ', path, '에 해당하는 페이지가 없습니다. 주소가 바뀌었거나 삭제되었을 수 있습니다.'],
    search: '검색하기',
  },
  crash: {
    heading: '오류가 발생했습니다',
    /** The advice, with the two actions emphasised by the caller. */
    advice: <T>(clearCache: T, hardReload: T) => [
      '일시적인 문제일 수 있습니다. 브라우저의 ',
      clearCache,
      '한 뒤 ',
      hardReload,
      '(Windows: Ctrl+Shift+R, macOS: ⌘+Shift+R)을 해 보세요.',
    ],
    clearCache: '캐시를 삭제',
    hardReload: '강력 새로고침',
    sendMessage: '문제가 계속되면 아래 오류 메시지를 함께 보내 주세요.',
    messageLabel: '오류 메시지',
    home: '홈으로 돌아가기',
  },
} as const;
