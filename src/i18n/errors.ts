/** Failures the pins worker reports (imported by the worker on its own, without the rest of `ko`). */
export const errors = {
  pinsLoadFailed: '핀 목록을 불러오지 못했습니다.',
  cancelled: '요청이 취소되었습니다.',
} as const;
