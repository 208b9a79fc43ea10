// The answers of a pin's history and of the moderation calls (issue 15; SPEC §7), declared once for the server's
// response schemas and the moderation page's types.
import { Type, type Static, type TSchema } from 'typebox';
import { PIN_EVENT_KINDS } from '../pin-model';
import type { PinChange, PinState } from '../pin-diff';
import { RoleSchema } from './schemas';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A pin's editable state as a revision stores it (common/pin-diff.ts PinState). */
export const PinStateSchema = Type.Object({
  categoryId: Type.Integer(),
  region: Type.Integer(),
  coordX: Type.Number(),
  coordY: Type.Number(),
  coordZ: Nullable(Type.Number()),
  description: Nullable(Type.String()),
  image: Nullable(Type.String()),
  tags: Type.Array(Type.Integer()),
});

const Point = Type.Object({ x: Type.Number(), y: Type.Number() });
const change = <F extends string, P extends Record<string, TSchema>>(field: F, props: P) =>
  Type.Object({ field: Type.Literal(field), ...props });

/** One change between two states of a pin (common/pin-diff.ts PinChange). */
export const PinChangeSchema = Type.Union([
  change('created', {}),
  change('position', { distance: Type.Number(), from: Point, to: Point }),
  change('floor', { before: Nullable(Type.Number()), after: Nullable(Type.Number()) }),
  change('region', { before: Type.Integer(), after: Type.Integer() }),
  change('category', { before: Type.Integer(), after: Type.Integer() }),
  change('description', { before: Nullable(Type.String()), after: Nullable(Type.String()) }),
  change('image', { before: Nullable(Type.String()), after: Nullable(Type.String()) }),
  change('tags', { added: Type.Array(Type.Integer()), removed: Type.Array(Type.Integer()) }),
]);

/** One revision of a pin (GET /api/v1/pin/{id}/revisions, GET /api/v1/moderation/changes), newest first. */
export const RevisionSchema = Type.Object({
  id: Type.Integer(),
  pinId: Type.Integer(),
  userId: Nullable(Type.Integer()),
  nickname: Nullable(Type.String()),
  kind: Type.Enum(PIN_EVENT_KINDS),
  /** ISO times. */
  createdAt: Type.String(),
  revertedAt: Nullable(Type.String()),
  /** Null: the revision created the pin. */
  before: Nullable(PinStateSchema),
  after: PinStateSchema,
  changes: Type.Array(PinChangeSchema),
});
export type Revision = Static<typeof RevisionSchema>;

/** A pin as the report queue shows it (both pins' places for the small map). */
export const ReportPinSchema = Type.Object({
  id: Type.Integer(),
  region: Type.Integer(),
  coordX: Type.Number(),
  coordY: Type.Number(),
  coordZ: Nullable(Type.Number()),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  icon: Type.Integer(),
  description: Nullable(Type.String()),
  totalChecks: Type.Integer(),
  hidden: Type.Boolean(),
});
export type ReportPin = Static<typeof ReportPinSchema>;

/** A report in the moderation queue (GET /api/v1/moderation/reports). */
export const ModerationReportSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('rejected')]),
  comment: Type.String(),
  createdAt: Type.String(),
  reporterId: Nullable(Type.Integer()),
  reporterNickname: Nullable(Type.String()),
  resolution: Nullable(Type.String()),
  resolvedAt: Nullable(Type.String()),
  target: ReportPinSchema,
  duplicate: Nullable(ReportPinSchema),
});
export type ModerationReport = Static<typeof ModerationReportSchema>;

/** A player on the moderation page (GET /api/v1/moderation/users); the suspension only while it is in force. */
export const PlayerSchema = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  role: RoleSchema,
  createdAt: Type.String(),
  suspendedUntil: Nullable(Type.String()),
  suspendReason: Nullable(Type.String()),
  /** Pin revisions the player made. */
  edits: Type.Integer(),
});
export type Player = Static<typeof PlayerSchema>;

/** One moderator action (GET /api/v1/moderation/audit); `detail` is the action's own record, any JSON object. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actorId: Nullable(Type.Integer()),
  actorNickname: Nullable(Type.String()),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Nullable(Type.Integer()),
  detail: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** POST /api/v1/moderation/users/{id}/revert-since: the pins put back, and those the player had created (now hidden). */
export const RevertSinceResultSchema = Type.Object({ reverted: Type.Array(Type.Integer()), hidden: Type.Array(Type.Integer()) });

/** POST and DELETE /api/v1/moderation/users/{id}/suspend: the suspension in force now (null: lifted). */
export const SuspensionResultSchema = Type.Object({
  id: Type.Integer(),
  suspendedUntil: Nullable(Type.String()),
  reason: Type.Optional(Type.String()),
});

/** POST /api/v1/moderation/users/{id}/role. */
export const RoleResultSchema = Type.Object({ id: Type.Integer(), role: RoleSchema });

/** The catalogue calls' answers: the category (or tag) written. */
export const IdResultSchema = Type.Object({ id: Type.Integer() });
export const CategoryIconResultSchema = Type.Object({ id: Type.Integer(), iconUrl: Nullable(Type.String()) });
export const CategoryOrderResultSchema = Type.Object({ ids: Type.Array(Type.Integer()) });
export const TagAddedResultSchema = Type.Object({ id: Type.Integer(), categoryId: Type.Integer() });

// The schemas and common/pin-diff.ts's types (what diffPin makes) must agree, field for field.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree: [Same<Static<typeof PinStateSchema>, PinState>, Same<Static<typeof PinChangeSchema>, PinChange>] = [true, true];
void agree;
