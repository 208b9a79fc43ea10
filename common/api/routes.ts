// Saved routes (issue 22 item 1): a planned route kept on the account and shared read-only by link.
import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Limits of saved routes: routes a player keeps, name length, stops a route holds (the planner's own limit). */
export const ROUTE_LIMITS = { routes: 50, name: 40, stops: 1000, categories: 2000 } as const;

/** Where a route was planned from: the tracked player or the map centre, and its floor (null = base map). */
export const RouteStartSchema = Type.Object({ x: Type.Number(), y: Type.Number(), floor: Nullable(Type.Integer()) });

/** The area a route was planned over. */
export const RouteAreaKindSchema = Type.Union([Type.Literal('view'), Type.Literal('lasso'), Type.Literal('all')]);
export type RouteAreaKind = Static<typeof RouteAreaKindSchema>;

/** A route saved to the account: its pins in visiting order and what it was planned from. */
export const SavedRouteSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  pinIds: Type.Array(Type.Integer()),
  start: RouteStartSchema,
  categories: Type.Array(Type.Integer()),
  area: RouteAreaKindSchema,
  /** The map region it was planned on. */
  region: Type.Integer(),
  /** The read-only share link's token (/?route=<token>). */
  shareToken: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type SavedRoute = Static<typeof SavedRouteSchema>;

/** The answer of the list and write calls (/api/v1/me/routes): all of the player's routes, newest first. */
export const SavedRoutesResultSchema = Type.Object({ routes: Type.Array(SavedRouteSchema) });
export type SavedRoutesResult = Static<typeof SavedRoutesResultSchema>;

/** One stop of a shared route: a pin where it is now. */
export const RouteStopSchema = Type.Object({
  id: Type.Integer(),
  x: Type.Number(),
  y: Type.Number(),
  floor: Nullable(Type.Number()),
  category: Type.Integer(),
});

/**
 * A route opened by its share link (GET /api/v1/route/:token), for anyone: its stops where the pins are now (pins
 * hidden or deleted since are left out), the start and what it was planned from. `mine` when the caller saved it.
 */
export const SharedRouteSchema = Type.Object({
  name: Type.String(),
  stops: Type.Array(RouteStopSchema),
  start: RouteStartSchema,
  categories: Type.Array(Type.Integer()),
  area: RouteAreaKindSchema,
  region: Type.Integer(),
  /** Stops of the saved route no longer on the map. */
  missing: Type.Integer(),
  mine: Type.Boolean(),
  updatedAt: Type.Integer(),
});
export type SharedRoute = Static<typeof SharedRouteSchema>;
