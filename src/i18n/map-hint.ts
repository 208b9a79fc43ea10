/** First-visit hint for the map tools (src/pages/home/MapToolsHint.tsx). */
export const mapHint = {
  title: '지도 도구 안내',
  items: [
    '지도 도구의 사각형(R)·올가미(L)·경로(P) 선택으로 여러 핀을 한 번에 찾음 표시합니다.',
    '“핀 아이콘 크게 보기”는 핀을 크게 보여 줄 뿐입니다. 핀 추가는 메뉴의 기여하기에서 합니다.',
    '지도를 선택한 뒤 화살표 키로 핀 사이를 이동하고, ?를 누르면 단축키 목록이 열립니다.',
  ],
  /** The same hint on a touch screen, which has no keys. */
  touchItems: [
    '핀을 누르면 자세한 정보가 열리고, 길게 누르면 찾음 표시 메뉴가 열립니다.',
    '지도 도구에서 사각형·올가미·경로를 고르고 손가락으로 그린 뒤, 아래에 뜬 선택 안내를 누르면 여러 핀을 한 번에 찾음 표시합니다.',
    '두 손가락으로 벌리거나 모아 확대·축소합니다. 아래의 필터 버튼에서 지역과 카테고리를 고릅니다.',
  ],
  dismiss: '알겠어요',
} as const;
