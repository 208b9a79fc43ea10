import type { RouteFolder } from '../folder';
import { registerCommentRoutes } from './comment';

/** /v1/comment and /v2/comment: deleting a comment and voting on it. */
export const commentRoutes: RouteFolder = { strict: [registerCommentRoutes] };
