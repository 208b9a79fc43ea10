// Shapes of the server's results (SPEC §7, issue 3). Times are epoch milliseconds. Those the server
// declares as response schemas come from common/api, below both.
export type { CategoryGroup, CategorySummary, Me, MyPins, PinDetail, PinHit, SearchResult, Tag, TagGroup, UserChecks, CommentVotes } from '../../common/api';

/** One comment of a page. */
export interface Comment {
  id: number;
  pinId?: number;
  userId?: number | null;
  nickname?: string | null;
  createdAt?: string | number;
  content: string;
  image?: string | null;
  recommend: number;
  disrecommend: number;
  myVote?: 'recommend' | 'disrecommend' | null;
  best?: boolean;
  [extra: string]: unknown;
}

/** A page of comments (GET /api/v1/pin/{id}/comment?n&page). */
export interface CommentPage {
  comments: Comment[];
  total?: number;
  page?: number;
  n?: number;
  [extra: string]: unknown;
}

/** POST /api/v1/pin/{id}/check. */
export interface CheckResponse {
  check: boolean;
  userId: number;
  checkTime: number;
  /** The user's checkTime before this change. */
  lastCheckTime: number;
  /** Ours: the recorded action (to undo it); null when nothing changed. */
  actionId?: number | null;
}

/** POST /api/v1/pin/batch-check. */
export interface BatchCheckResponse {
  userId: number;
  checkTime: number;
  userChecks: number[];
  /** Ours: the recorded action (to undo it); null when nothing changed. */
  actionId?: number | null;
}

/** The pin draft of PUT /api/v1/pin and PATCH /api/v1/pin/{id} (content = description, tags = tag ids). */
export interface PinDraft {
  coordX: number;
  coordY: number;
  coordZ?: number | null;
  /** A named floor area at coordZ (null: the one at the pin's place). */
  floorAreaId?: number | null;
  content?: string;
  tags?: number[];
  categoryId: number;
  region: number;
  image?: string | null;
}

/** A report (POST /api/v1/pin/report); duplicatePinId is 0 when none. */
export interface PinReport {
  targetPinId: number;
  duplicatePinId: number;
  comment: string;
}

/** Sign-in providers the server offers (kakao, google, local). */
export type Provider = string;
