// The demo world's fixed catalogue: category groups, categories, tag groups and the words
// descriptions and comments are built from. Our own names in the style of the game's collectibles.

/** A demo category: name, icon index (0..47), relative pin weight and how its pins spread. */
export interface CategorySpec {
  name: string;
  icon: number;
  weight: number;
  /** poi: around points of interest; path: along roads; wild: scattered. */
  spread: 'poi' | 'path' | 'wild';
  /** Tag group names of this category (tags listed in CATEGORY_TAGS). */
  tagGroup?: string;
}

export interface GroupSpec {
  name: string;
  categories: CategorySpec[];
}

export const GROUPS: GroupSpec[] = [
  {
    name: '보물 상자',
    categories: [
      { name: '보급 상자 (기본)', icon: 0, weight: 10, spread: 'poi', tagGroup: '상자 조건' },
      { name: '보급 상자 (고급)', icon: 1, weight: 7, spread: 'poi', tagGroup: '상자 조건' },
      { name: '보급 상자 (정밀)', icon: 2, weight: 4, spread: 'wild', tagGroup: '상자 조건' },
      { name: '보급 상자 (희귀)', icon: 3, weight: 1.5, spread: 'wild', tagGroup: '상자 조건' },
      { name: '음향 상자', icon: 4, weight: 3, spread: 'poi' },
      { name: '잠긴 상자', icon: 5, weight: 1.2, spread: 'poi' },
    ],
  },
  {
    name: '수집품',
    categories: [
      { name: '소닉 조각', icon: 6, weight: 5, spread: 'wild' },
      { name: '메아리 조각', icon: 7, weight: 2, spread: 'path' },
      { name: '탐사 기록', icon: 8, weight: 1.5, spread: 'poi' },
      { name: '기억의 파편', icon: 9, weight: 1, spread: 'poi' },
      { name: '잊힌 석판', icon: 10, weight: 0.8, spread: 'path' },
      { name: '몽환의 부적', icon: 11, weight: 0.6, spread: 'wild' },
      { name: '고양이 조각상', icon: 12, weight: 0.4, spread: 'poi' },
    ],
  },
  {
    name: '도전',
    categories: [
      { name: '시간의 균열 도전', icon: 13, weight: 1.2, spread: 'poi' },
      { name: '전술 홀로그램', icon: 14, weight: 0.5, spread: 'poi' },
      { name: '비행 도전', icon: 15, weight: 0.8, spread: 'path' },
      { name: '경주 도전', icon: 16, weight: 0.7, spread: 'path' },
      { name: '메아리 사냥', icon: 17, weight: 0.9, spread: 'wild' },
      { name: '결계 도전', icon: 18, weight: 0.6, spread: 'poi' },
    ],
  },
  {
    name: '퍼즐',
    categories: [
      { name: '퍼즐', icon: 19, weight: 2, spread: 'poi', tagGroup: '퍼즐 종류' },
      { name: '기계 장치', icon: 20, weight: 1.2, spread: 'poi', tagGroup: '퍼즐 종류' },
      { name: '공명 비석', icon: 21, weight: 0.8, spread: 'path' },
      { name: '빛의 거울', icon: 22, weight: 0.6, spread: 'poi' },
    ],
  },
  {
    name: '몬스터',
    categories: [
      { name: '몬스터 위치', icon: 23, weight: 6, spread: 'wild', tagGroup: '몬스터 등급' },
      { name: '정예 몬스터', icon: 24, weight: 1.5, spread: 'wild', tagGroup: '몬스터 등급' },
      { name: '보스', icon: 25, weight: 0.15, spread: 'poi' },
      { name: '주간 보스', icon: 26, weight: 0.08, spread: 'poi' },
    ],
  },
  {
    name: '재료',
    categories: [
      { name: '광석', icon: 27, weight: 6, spread: 'path', tagGroup: '채집 재료' },
      { name: '희귀 광석', icon: 28, weight: 1.5, spread: 'wild', tagGroup: '채집 재료' },
      { name: '식물 재료', icon: 29, weight: 8, spread: 'wild', tagGroup: '채집 재료' },
      { name: '꽃', icon: 30, weight: 4, spread: 'path', tagGroup: '채집 재료' },
      { name: '동물 재료', icon: 31, weight: 3, spread: 'wild' },
      { name: '요리 재료', icon: 32, weight: 2, spread: 'path' },
    ],
  },
  {
    name: '위치',
    categories: [
      { name: '공명 비콘', icon: 33, weight: 0.6, spread: 'path' },
      { name: '공명탑', icon: 34, weight: 0.2, spread: 'poi' },
      { name: '상점', icon: 35, weight: 0.5, spread: 'poi' },
      { name: 'NPC', icon: 36, weight: 0.8, spread: 'poi' },
      { name: '음성 기록', icon: 37, weight: 0.7, spread: 'poi' },
      { name: '낚시터', icon: 38, weight: 0.3, spread: 'path' },
      { name: '전망대', icon: 39, weight: 0.25, spread: 'poi' },
    ],
  },
];

/** Tag groups: a null category means the group applies to every category. */
export const TAG_GROUPS: { name: string; category: string | null; tags: { name: string; flag?: number }[] }[] = [
  {
    name: '위치 특징',
    category: null,
    tags: [{ name: '지하' }, { name: '수중' }, { name: '높은 곳' }, { name: '건물 안' }, { name: '숨겨짐', flag: 1 }],
  },
  {
    name: '조건',
    category: null,
    tags: [{ name: '퀘스트 필요' }, { name: '시간 제한', flag: 2 }, { name: '전투 필요' }, { name: '특정 시간대' }],
  },
  {
    name: '상자 조건',
    category: '보급 상자 (기본)',
    tags: [{ name: '몬스터 처치 후' }, { name: '퍼즐 보상' }, { name: '그냥 놓여 있음' }],
  },
  {
    name: '퍼즐 종류',
    category: '퍼즐',
    tags: [{ name: '블록 맞추기' }, { name: '불꽃 점화' }, { name: '순서 누르기' }, { name: '빛 반사' }],
  },
  {
    name: '몬스터 등급',
    category: '몬스터 위치',
    tags: [{ name: '일반' }, { name: '정예' }, { name: '오버로드', flag: 3 }, { name: '칼라미티', flag: 4 }],
  },
  {
    name: '채집 재료',
    category: '광석',
    tags: [{ name: '재생성 빠름' }, { name: '무리 지어 있음' }, { name: '드묾', flag: 5 }],
  },
];

export const NICKNAMES = [
  '방랑자',
  '금주의별',
  '소닉헌터',
  '상자수집가',
  '황룡탐험가',
  '메아리사냥꾼',
  '리나시타주민',
  '검은해안',
  '균열돌파',
  '공명자',
  '새벽길',
  '달빛여행자',
  '협곡다람쥐',
  '바람결',
  '파도소리',
  '창공산등반가',
  '노폴의밤',
  '셉티몬트기사',
  '볼트지기',
  '심해잠수부',
  '아비눌린',
  '조각모음',
  '지도장인',
  '초보방랑자',
  '고인물',
  '퍼즐왕',
  '길잃은고양이',
  '은하수',
  '붉은노을',
  '하얀눈',
  '푸른숲',
  '작은별',
  '여행일지',
  '탐험대장',
  '비콘수리공',
  '홀로그램',
  '전술가',
  '보스헌터',
  '광석캐는곰',
  '꽃집주인',
];

export const PLACES = [
  '금주 성문',
  '협곡 입구',
  '폐광 앞',
  '노폴 유적',
  '창공산 기슭',
  '호랑이 사원',
  '늑대굴',
  '리나시타 광장',
  '대성당 뒤',
  '라군나 종탑',
  '셉티몬트 성벽',
  '콜로세움 옆',
  '수도교 아래',
  '해안 절벽',
  '작은 폭포',
  '오래된 다리',
  '버려진 초소',
  '등대',
  '풍차 언덕',
  '비콘',
  '숲속 공터',
  '호숫가',
  '동굴 입구',
  '시장 골목',
];

export const FEATURES = [
  '바위 뒤',
  '나무 위',
  '절벽 아래',
  '물속',
  '지붕 위',
  '폐허 안쪽',
  '다리 밑',
  '언덕 꼭대기',
  '풀숲 사이',
  '기둥 옆',
  '동굴 안',
  '난간 끝',
  '수레 옆',
  '돌탑 위',
  '계단 아래',
  '깨진 벽 너머',
];

export const HINTS = [
  '활공해서 내려가면 쉽게 갈 수 있어요.',
  '주변 몬스터를 먼저 처치해야 열립니다.',
  '밤에만 보입니다.',
  '벽타기로 올라가세요.',
  '근처 퍼즐을 풀면 나타납니다.',
  '물속으로 잠수해야 해요.',
  '잘 안 보이니 가까이 가서 확인하세요.',
  '비콘에서 바로 보입니다.',
  '갈고리로 건너가야 합니다.',
  '',
  '',
  '',
];

export const COMMENTS = [
  '감사합니다! 덕분에 찾았어요.',
  '위치 정확해요.',
  '여기 없는데요? 다시 확인 부탁드려요.',
  '퀘스트 진행해야 나타나네요.',
  '활공으로 가니까 금방이네요.',
  '몬스터 잡으니까 상자 나왔어요.',
  '밤에 오니까 보이네요 ㅎㅎ',
  '좌표가 조금 어긋나 있어요. 북쪽으로 조금 더.',
  '이거 찾느라 30분 헤맸는데 감사합니다',
  '2층에 있어요, 계단으로 올라가세요.',
  '꿀팁 감사합니다!',
  '드디어 100% 달성!',
  '중복 핀 같아요.',
  '설명대로 하니 바로 됐어요.',
  '물속이라 잘 안 보여요. 가까이 가세요.',
  '이거 재생성 되나요?',
];
