/** Failures the pins worker reports (imported by the worker on its own, without the rest of `ko`). */
export const errors = {
  pinsLoadFailed: '핀 목록을 불러오지 못했습니다.',
  cancelled: '요청이 취소되었습니다.',
  routeTooMany: (n: number, max: number) =>
    `경로에 넣을 수 있는 핀은 최대 ${max.toLocaleString('ko-KR')}개예요 (지금 ${n.toLocaleString('ko-KR')}개). 범위를 좁히거나 카테고리를 줄여 주세요.`,
} as const;
