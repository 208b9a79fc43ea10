import { comments } from './comments';
import { common } from './common';
import { edit } from './edit';
import { errors } from './errors';
import { history } from './history';
import { keyboard } from './keyboard';
import { login } from './login';
import { map } from './map';
import { mapHint } from './map-hint';
import { moderation } from './moderation';
import { mypage } from './mypage';
import { notes } from './notes';
import { pin } from './pin';
import { presets } from './presets';
import { route } from './route';
import { search } from './search';
import { settings } from './settings';
import { shell } from './shell';
import { support } from './support';
import { visitorMerge } from './visitor-merge';

/**
 * The Korean strings of the interface (the UI is Korean only): `ko.<feature>.<key>`, one file
 * per feature beside this one. Add keys freely; keep one string one place. Functions take the
 * values a message needs.
 */
export const ko = {
  common,
  shell,
  map,
  mapHint,
  keyboard,
  search,
  pin,
  comments,
  edit,
  history,
  mypage,
  settings,
  login,
  support,
  moderation,
  errors,
  visitorMerge,
  notes,
  presets,
  route,
  // The first keys, flat and sectioned: notices of the data layer, tracker, overlay, progress, sync.
  defaultError: '오류가 발생했습니다.',
  loginRequired: '로그인이 필요합니다.',
  nicknameEmpty: '닉네임을 입력해 주세요.',
  coordinatesInvalid: '좌표에 잘못된 값이 입력되었습니다.',
  imageHostFailed: '이미지 호스팅 등록에 실패했습니다.',
  chooseCategory: '카테고리를 선택해 주세요.',
  descriptionHelps: '설명을 적으면 다른 이용자에게 도움이 됩니다.',
  welcome: (nickname: string) => `${nickname}님, 환영합니다!`,
  logoutCompleted: '로그아웃되었습니다.',
  // Log out everywhere (/mypage)
  logoutEverywhere: '모든 기기에서 로그아웃',
  logoutEverywhereTitle: '모든 기기에서 로그아웃할까요?',
  logoutEverywhereMessage: '이 계정으로 로그인한 모든 브라우저와 기기에서 로그아웃됩니다. 다른 기기에서는 다시 로그인해야 합니다.',
  logoutEverywhereDone: '모든 기기에서 로그아웃되었습니다.',
  nicknameChanged: '닉네임이 변경되었습니다.',
  accountDeleted: '계정이 삭제되었습니다.',
  copiedToClipboard: '클립보드에 복사되었습니다.',
  pinRegistered: '핀이 등록되었습니다.',
  pinsRefetched: '핀 정보를 다시 불러왔습니다.',
  reportSubmitted: '신고가 접수되었습니다.',
  trackerConnected: '트래커가 연결되었습니다.',
  trackerDisconnected: '트래커 연결이 끊어졌습니다.',
  trackerCodeInvalid: '연결 코드는 영문과 숫자 8자리입니다 (예: ABCD-1234, 대소문자·하이픈 상관없음).',
  wanderer: '방랑자',
  markFound: '찾음으로 표시',
  markNotFound: '찾지 않음으로 표시',
  // Selection modes (the map's mode banner)
  modeLocation: '지도에서 위치를 선택하세요',
  modeRange: '드래그하여 범위를 선택하세요',
  modeRoute: '드래그하여 경로를 그리세요',
  modeSelected: (n: number) => `${n.toLocaleString('ko-KR')}개 선택됨`,
  modeEndHint: 'ESC 또는 눌러서 완료',
  applyToPins: (n: number) => `핀 ${n.toLocaleString('ko-KR')}개에 적용할까요? 적용한 뒤 '실행 취소'로 되돌릴 수 있습니다.`,
  modeEndHintTouch: '눌러서 완료',
  selectionTitle: '선택한 핀에 적용',
  selectionApply: '적용',
  selectionKeep: '계속 선택',
  selectionDiscard: '선택 취소',
  footer: '이 사이트는 이용자들이 함께 만드는 커뮤니티입니다. 게임 콘텐츠의 저작권은 게임 개발사(Kuro Games)에 있습니다.',
  // Live tracker (src/tracker)
  trackerUrlInvalid: '트래커 주소는 ws:// 또는 wss://로 시작해야 합니다.',
  trackerStateIdle: '연결되어 있지 않습니다.',
  trackerStateConnecting: '트래커에 연결하는 중…',
  trackerStateReconnecting: (n: number) => `연결이 끊겨 다시 연결하는 중… (${n}/20)`,
  trackerStateFailed: '트래커에 연결하지 못했습니다. 트래커가 실행 중인지 확인해 주세요.',
  trackerStateConnected: '트래커와 연결되었습니다.',
  trackerStateWaiting: '연결되었습니다. 트래커가 같은 코드로 접속하기를 기다리는 중…',
  trackerDialogTitle: '트래커 연결',
  trackerDialogHelp: '같은 컴퓨터의 트래커는 주소(기본값 ws://127.0.0.1:46821)를, 다른 기기의 트래커는 8자리 연결 코드를 입력하세요.',
  trackerInputLabel: '트래커 주소 또는 연결 코드',
  trackerConnect: '연결',
  trackerDisconnect: '연결 끊기',
  trackerViaWebrtc: 'WebRTC로 수신 중',
  trackerViaRelay: '서버 중계로 수신 중',
  trackerViaLocal: '로컬 트래커에서 수신 중',
  trackerRefollow: '내 위치 따라가기',
  trackerRefollowHint: '지도를 직접 움직여서 따라가기가 꺼졌습니다.',
  trackerRestoring: '이전 트래커 연결을 다시 잇는 중…',
  // Streamer overlay and its setup page (/overlay/setup)
  overlayMenu: '방송 오버레이 설정',
  overlaySetupTitle: '방송 오버레이 설정',
  overlaySetupIntro:
    'OBS·프리즘 같은 방송 프로그램의 "브라우저 소스"에 아래 주소를 넣으면, 트래커가 알려 주는 내 위치를 따라가는 미니맵이 방송 화면에 나옵니다.',
  overlayTrackerLabel: '트래커 연결 코드 또는 주소',
  overlayTrackerHint:
    '트래커 프로그램에 보이는 8자리 코드(예: ABCD-1234)를 넣으세요. 방송하는 컴퓨터에서 트래커를 함께 실행한다면 비워 두어도 됩니다 (ws://127.0.0.1:46821).',
  overlayCategoriesLabel: '표시할 카테고리',
  overlayCategoriesHint: '고르지 않으면 기본 카테고리의 핀이 표시됩니다.',
  overlayZoomLabel: '확대',
  overlayZoomHint: '값이 클수록 주변이 크게 보입니다 (기본 1).',
  overlayScaleLabel: '글자·마커 크기',
  overlayScaleAuto: '자동 (창 높이에 맞춤: 1080p는 1배, 4K는 2배)',
  overlayScaleTimes: (n: number) => `${n}배`,
  overlayBgLabel: '배경',
  overlayBgTransparent: '투명 (권장)',
  overlayBgChroma: '초록색 (크로마키)',
  overlayBgDark: '어두운 색',
  overlayUrlLabel: '브라우저 소스 주소',
  overlayCopy: '주소 복사',
  overlayOpen: '새 창에서 열기',
  overlayPreview: '미리보기',
  overlayPreviewHint: '방송 화면에는 지도만 나오고, 연결 상태는 이 미리보기 위에만 표시됩니다.',
  overlaySizeHint: '브라우저 소스의 크기는 400×300 정도가 알맞습니다. 4K 방송이면 크기를 두 배로 하세요.',
  overlayChecksHint:
    '방송용 브라우저 소스에서도 로그인해 두면 (소스의 "상호작용"으로 이 사이트에 로그인) 찾은 핀이 표시되고, 다른 기기에서 표시한 것도 바로 반영됩니다.',
  overlaySignedIn: (nickname: string) => `${nickname}님으로 로그인되어 있어 찾은 핀이 함께 표시됩니다.`,
  overlaySignedOut: '로그인하지 않아 찾은 핀은 표시되지 않습니다.',
  checksQueued: '서버에 연결되지 않아 찾음 표시를 이 기기에 보관했습니다. 연결되면 자동으로 저장합니다.',
  // Progress: undo, recent actions, export and import (issue 14)
  undo: '실행 취소',
  markedFound: (n: number) => (n === 1 ? '찾음으로 표시했습니다.' : `핀 ${n.toLocaleString('ko-KR')}개를 찾음으로 표시했습니다.`),
  markedNotFound: (n: number) => (n === 1 ? '못 찾음으로 표시했습니다.' : `핀 ${n.toLocaleString('ko-KR')}개를 못 찾음으로 표시했습니다.`),
  undone: '되돌렸습니다.',
  nothingToUndo: '되돌릴 작업이 없습니다.',
  actionsTitle: '최근 작업',
  actionsEmpty: '아직 기록된 작업이 없습니다.',
  actionKind: { single: '표시', batch: '일괄 표시', import: '가져오기', undo: '실행 취소' } as Record<string, string>,
  actionFound: '찾음',
  actionNotFound: '못 찾음',
  actionPins: (n: number) => `핀 ${n.toLocaleString('ko-KR')}개`,
  actionUndone: '취소됨',
  /** An action whose undo data was dropped (the per-player cap of the undo history). */
  actionTooOld: '오래되어 취소 불가',
  actionUnknownDevice: '알 수 없는 기기',
  progressTitle: '진행 상황 백업',
  exportJson: 'JSON으로 내보내기',
  exportCsv: 'CSV로 내보내기',
  importFile: '파일에서 가져오기',
  importMode: '가져오는 방식',
  importMerge: '합치기',
  importReplace: '바꾸기',
  importMergeHint: '합치기는 파일의 찾은 핀을 더합니다. 지금 찾음으로 표시된 핀은 그대로 둡니다.',
  importReplaceWarning: '바꾸기는 진행 상황을 파일과 똑같이 만듭니다. 파일에 없는 찾음 표시는 모두 해제됩니다.',
  importReplaceConfirm: (n: number) =>
    `적용하면 파일에 없는 찾음 표시 ${n.toLocaleString('ko-KR')}개가 해제됩니다. 적용한 뒤 '실행 취소'로 되돌릴 수 있습니다.`,
  importPreview: (add: number, remove: number, unchanged: number, unknown: number) =>
    `찾음 추가 ${add.toLocaleString('ko-KR')}개 · 찾음 해제 ${remove.toLocaleString('ko-KR')}개 · 그대로 ${unchanged.toLocaleString('ko-KR')}개` +
    (unknown ? ` · 없는 핀 ${unknown.toLocaleString('ko-KR')}개는 건너뜀` : ''),
  importApply: '적용',
  importApplyReplace: '바꾸기 적용',
  importDone: (add: number, remove: number) =>
    `가져왔습니다: 추가 ${add.toLocaleString('ko-KR')}개, 해제 ${remove.toLocaleString('ko-KR')}개`,
  importFailed: '가져오지 못했습니다. 잠시 후 다시 시도해 주세요.',
  exportFailed: '내보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
  importUnreadable: '파일을 읽을 수 없습니다.',
  // Connection and sync state (the offline banner)
  syncOffline: (n: number) =>
    n > 0 ? `서버에 연결할 수 없습니다 · 보낼 찾음 표시 ${n.toLocaleString('ko-KR')}개 대기 중` : '서버에 연결할 수 없습니다',
  syncRetrying: '자동으로 다시 연결합니다…',
  syncWaiting: (n: number) => `찾음 표시 ${n.toLocaleString('ko-KR')}개를 보내는 중…`,
  syncDone: '동기화 완료',
  // A new version of the app (the service worker's, src/pwa/UpdateNotice.tsx)
  updateReady: '새 버전이 있습니다',
  updateReload: '새로고침',
  pinUnreachable: '서버에 연결할 수 없어 핀 정보를 불러오지 못했습니다. 연결되면 다시 불러옵니다.',
} as const;
