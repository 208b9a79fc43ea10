import type { RouteFolder } from '../folder';
import { registerReportRoutes } from './reports';
import { registerChangeRoutes } from './changes';
import { registerPlayerRoutes } from './players';
import { registerCatalogueRoutes } from './catalogue';
import { registerWorldAdminRoutes } from './world';

/*
 * The moderation calls, for moderators and admins; a visitor gets
 * requires_login and a player 403. Every action runs in one transaction with its audit entry.
 *
 *   GET  /v1/moderation/reports?status=open|resolved        the report queue, newest first
 *   POST /v1/moderation/reports/:id {action, keepPinId?}    dismiss | resolve | hide | merge
 *   GET  /v1/moderation/changes?since=&userId=&before=      every pin revision, newest first
 *   POST /v1/moderation/users/:id/revert-since {since}      undo a player's edits since a time
 *   GET  /v1/moderation/users?q=                            players (staff first)
 *   POST /v1/moderation/users/:id/suspend {until, reason}   suspend; DELETE lifts it
 *   POST /v1/moderation/users/:id/role {role}               admins: appoint or remove a moderator
 *   POST /v1/moderation/pins/:id/hide {hidden}              hide or show a pin
 *   GET  /v1/moderation/audit?before=                       the audit log, newest first
 *   POST /v1/moderation/categories, PATCH …/categories/:id, POST …/categories/order,
 *   POST …/categories/:id/tags                              admins: catalogue upkeep
 *   PUT/DELETE …/categories/:id/icon (body: the PNG/WebP)   admins: a category's raster icon
 *   POST /v1/moderation/regions, PUT …/regions/:id          admins: a region and its floor areas (the import's format)
 */
export const moderationRoutes: RouteFolder = {
  strict: [registerReportRoutes, registerChangeRoutes, registerPlayerRoutes, registerCatalogueRoutes, registerWorldAdminRoutes],
};
