// A player's checks and progress (/api/v1/me/checks, actions, export, import, profiles, the emergency restore):
// the answers the check sync, the progress page and the profile menu read.
import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** GET /api/v1/me/checks: the active profile's whole list of found pins and the account's checkTime. */
export const UserChecksSchema = Type.Object({ userId: Type.Integer(), checkTime: Type.Number(), pinIds: Type.Array(Type.Integer()) });
export type UserChecks = Static<typeof UserChecksSchema>;

/** POST /api/v1/auth/emergency: how many pins the browser's kept records found anew. */
export const EmergencyResultSchema = Type.Object({ userId: Type.Integer(), checkTime: Type.Number(), merged: Type.Integer() });
export type EmergencyResult = Static<typeof EmergencyResultSchema>;

export const ActionKindSchema = Type.Union([Type.Literal('single'), Type.Literal('batch'), Type.Literal('import'), Type.Literal('undo')]);
export type ActionKind = Static<typeof ActionKindSchema>;

/** One recent check action (GET /api/v1/me/actions, the active profile's, newest first). */
export const RecentActionSchema = Type.Object({
  id: Type.Integer(),
  kind: ActionKindSchema,
  /** true: marked found, false: marked not found, null: mixed (undo, import). */
  check: Nullable(Type.Boolean()),
  count: Type.Integer(),
  at: Type.Number(),
  /** The device that made it (a short label of its browser). */
  device: Type.String(),
  undoneAt: Nullable(Type.Number()),
  /** false once the server dropped its undo data (the per-player cap): listed, no longer undoable. */
  undoable: Type.Boolean(),
});
export type RecentAction = Static<typeof RecentActionSchema>;
export const RecentActionsSchema = Type.Object({ actions: Type.Array(RecentActionSchema) });

/** POST /api/v1/me/actions/{id}/undo: the undo (itself an action), pins restored, and the whole list after it. */
export const UndoResultSchema = Type.Object({
  userId: Type.Integer(),
  actionId: Nullable(Type.Integer()),
  restored: Type.Integer(),
  checkTime: Type.Number(),
  lastCheckTime: Type.Number(),
  userChecks: Type.Array(Type.Integer()),
});
export type UndoResult = Static<typeof UndoResultSchema>;

/** GET /api/v1/me/export (JSON): each found pin and when it was found (epoch ms); the CSV has the same rows. */
export const ProgressExportSchema = Type.Object({
  version: Type.Integer(),
  exportedAt: Type.Number(),
  pins: Type.Array(Type.Object({ pinId: Type.Integer(), checkedAt: Type.Number() })),
});
export type ProgressExport = Static<typeof ProgressExportSchema>;

export const ImportModeSchema = Type.Union([Type.Literal('merge'), Type.Literal('replace')]);
export type ImportMode = Static<typeof ImportModeSchema>;

/** What an import changes (its preview, and the answer once applied). */
export const ImportPlanSchema = Type.Object({
  mode: ImportModeSchema,
  /** Pins the file lists that are not found yet: they become found. */
  add: Type.Integer(),
  /** replace only: found pins the file does not list: they become not found. */
  remove: Type.Integer(),
  /** Pins listed and already found. */
  unchanged: Type.Integer(),
  /** Pins the file lists that do not exist (any more) or are hidden: skipped. */
  unknown: Type.Integer(),
});
export type ImportPlan = Static<typeof ImportPlanSchema>;

/** Applied: the import's action (to undo it; null when it changed nothing) and the account's checkTime after it. */
const AppliedFields = { actionId: Type.Optional(Nullable(Type.Integer())), checkTime: Type.Optional(Type.Number()) };

/** POST /api/v1/me/import: the plan, `applied` false for a preview. */
export const ImportResultSchema = Type.Object({ applied: Type.Boolean(), ...ImportPlanSchema.properties, ...AppliedFields });
export type ImportResult = Static<typeof ImportResultSchema>;

/** One progress profile (GET /api/v1/me/profiles). */
export const ProfileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Pins found in it (visible pins). */
  found: Type.Integer(),
  createdAt: Type.Number(),
  active: Type.Boolean(),
});
export type Profile = Static<typeof ProfileSchema>;

/** The answer of every profile call: the account's profiles (oldest first), the active one, the limit, the checkTime. */
export const ProfileListSchema = Type.Object({
  active: Type.Integer(),
  /** Most profiles an account may hold. */
  max: Type.Integer(),
  profiles: Type.Array(ProfileSchema),
  /** The account's checkTime (moved by a switch or a deletion of the active profile). */
  checkTime: Type.Number(),
});
export type ProfileList = Static<typeof ProfileListSchema>;

/** How one profile of the other fan map's backup matches our pins. */
export const RivalProfileMatchSchema = Type.Object({
  index: Type.Integer(),
  name: Type.String(),
  /** Markers found in it. */
  found: Type.Integer(),
  matched: Type.Integer(),
  unmatched: Type.Integer(),
  /** Of the matched: by key, by position. */
  byKey: Type.Integer(),
  byPosition: Type.Integer(),
});
export type RivalProfileMatch = Static<typeof RivalProfileMatchSchema>;

/** POST /api/v1/me/import/rival: every backup profile's matches, and the plan (or outcome) of importing the chosen one. */
export const RivalPlanSchema = Type.Object({
  applied: Type.Boolean(),
  profiles: Type.Array(RivalProfileMatchSchema),
  profile: Type.Integer(),
  target: Type.Union([Type.Literal('active'), Type.Literal('new')]),
  /** The name of our profile it goes into. */
  into: Type.String(),
  ...ImportPlanSchema.properties,
  ...AppliedFields,
});
export type RivalPlan = Static<typeof RivalPlanSchema>;
