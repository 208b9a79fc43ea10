// The API's JSON shapes, declared once for the server and the browser (SPEC §7). Each is a TypeBox
// schema, so the server can use it as a response schema and both sides take its `Static` type.
// Times are epoch milliseconds unless a field says otherwise.
import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The envelope of every JSON answer around a result schema (SPEC §3). */
export const EnvelopeSchema = <T extends TSchema>(result: T) =>
  Type.Object({
    status: Type.Integer(),
    error: Nullable(Type.Object({ message: Type.String(), messageTranslated: Type.String(), errClazz: Type.String() })),
    result: Nullable(result),
  });

export const RoleSchema = Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')]);
export type Role = Static<typeof RoleSchema>;

/** The signed-in user (GET /api/v1/me); the result is null for a visitor. */
export const MeSchema = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  email: Nullable(Type.String()),
  /** Bumped by every check change (lets the client spot a stale local record). */
  checkTime: Type.Number(),
  /** 'moderator' and 'admin' see the moderation page. */
  role: RoleSchema,
});
export type Me = Static<typeof MeSchema>;

/** A tag. */
export const TagSchema = Type.Object({ id: Type.Integer(), name: Type.String(), flag: Nullable(Type.Integer()) });
export type Tag = Static<typeof TagSchema>;

/**
 * A category as GET /api/v1/category/groups lists it. The server always sends every field; the
 * client's offline fallback (the categories cached on the device) knows only id, name and lastEdited.
 */
export const CategorySummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  lastEdited: Type.Number(),
  pinCount: Type.Optional(Type.Integer()),
  icon: Type.Optional(Type.Integer()),
  /** The category's own colour ('#rrggbb'), tinting its glyph; null: the glyph's built-in colour. */
  color: Type.Optional(Nullable(Type.String())),
  /** The category's raster icon (an immutable, versioned URL under /api), drawn instead of the glyph; null: none. */
  iconUrl: Type.Optional(Nullable(Type.String())),
  tagGroups: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});
export type CategorySummary = Static<typeof CategorySummarySchema>;

/** A category group with its categories. */
export const CategoryGroupSchema = Type.Object({ id: Type.Integer(), name: Type.String(), categories: Type.Array(CategorySummarySchema) });
export type CategoryGroup = Static<typeof CategoryGroupSchema>;

/** A tag group (GET /api/v1/category/tag-groups). */
export const TagGroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  categoryId: Nullable(Type.Integer()),
  tags: Type.Array(TagSchema),
});
export type TagGroup = Static<typeof TagGroupSchema>;

/** Pin detail (GET /api/v1/pin/{id}). */
export const PinDetailSchema = Type.Object({
  id: Type.Integer(),
  coordX: Type.Number(),
  coordY: Type.Number(),
  coordZ: Nullable(Type.Number()),
  description: Nullable(Type.String()),
  image: Nullable(Type.String()),
  catNum: Type.Integer(),
  tags: Type.Array(TagSchema),
  tagIds: Type.Array(Type.Integer()),
  icon: Nullable(Type.Integer()),
  flag: Nullable(Type.Integer()),
  registererId: Nullable(Type.Integer()),
  registererNickname: Nullable(Type.String()),
  region: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  categoryIcon: Type.Integer(),
  totalChecks: Type.Integer(),
  isChecked: Type.Boolean(),
  commentCount: Type.Integer(),
  /** ISO times. */
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Hidden by a moderator: only moderators and admins get such a pin. */
  hidden: Type.Boolean(),
  /** The pin this duplicate was merged into, or null. */
  mergedInto: Nullable(Type.Integer()),
  /** The named floor area the pin sits on (GET /api/v1/world), or null (a plain depth in coordZ). */
  floorAreaId: Type.Optional(Nullable(Type.Integer())),
});
export type PinDetail = Static<typeof PinDetailSchema>;

const Extent = Type.Array(Type.Number(), { minItems: 4, maxItems: 4 });
const TilePartSchema = Type.Object({
  name: Type.String(),
  scale: Type.Union([Type.Literal(100), Type.Literal(50), Type.Literal(25)]),
  path: Type.String(),
  suffix: Type.Literal('.webp'),
});

/** A named floor area (sub-map) of a region (common/regions/world.ts WorldFloorArea). */
export const FloorAreaSchema = Type.Object({
  id: Type.Integer(),
  key: Nullable(Type.String()),
  name: Type.String(),
  label: Type.String(),
  depth: Type.Integer(),
  extent: Extent,
  origin: Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }),
  parts: Type.Array(TilePartSchema),
});

/** A region (map) with its tile-set block and floor areas (common/regions/world.ts WorldRegion). */
export const WorldRegionSchema = Type.Object({
  id: Type.Integer(),
  key: Nullable(Type.String()),
  name: Type.String(),
  label: Type.String(),
  tileSet: Type.Object({
    name: Type.String(),
    blockSize: Type.Union([Type.Literal(512), Type.Literal(1024)]),
    extent: Extent,
    padding: Type.Number(),
    centerX: Type.Number(),
    centerY: Type.Number(),
    level: Type.Number(),
    floor: Type.Integer(),
    parts: Type.Array(TilePartSchema),
  }),
  bounds: Extent,
  game: Type.Object({ a: Type.Number(), b: Type.Number(), c: Type.Number(), d: Type.Number(), e: Type.Number(), f: Type.Number() }),
  gameBounds: Extent,
  floorAreas: Type.Array(FloorAreaSchema),
  /** Depths holding pins that no floor area of the tile set has. */
  pinFloors: Type.Optional(Type.Array(Type.Integer())),
});

/** GET /api/v1/world: every region and floor area (cached: ETag, revalidated at each start). */
export const WorldSchema = Type.Object({ regions: Type.Array(WorldRegionSchema) });

/** A pin as the server's search and "my pins" list it. */
export const PinHitSchema = Type.Object({
  id: Type.Integer(),
  region: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  icon: Type.Integer(),
  coordX: Type.Number(),
  coordY: Type.Number(),
  coordZ: Nullable(Type.Number()),
  /** Up to 80 characters of the description around the first match. */
  snippet: Type.String(),
  /** ISO time; "my pins" only. */
  createdAt: Type.Optional(Type.String()),
  /** Search only: whether the caller found it (false for a visitor), and its tags' names. */
  checked: Type.Optional(Type.Boolean()),
  tags: Type.Optional(Type.Array(Type.String())),
  /** Search only: the caller's private note on the pin, when they have one (a badge; the snippet in "내 메모"). */
  note: Type.Optional(Type.String()),
});
export type PinHit = Static<typeof PinHitSchema>;

/** A player's private note on a pin (GET/PUT /api/v1/me/notes/{pinId}); only its author ever gets it. */
export const PinNoteSchema = Type.Object({ pinId: Type.Integer(), body: Type.String(), updatedAt: Type.Integer() });
export type PinNote = Static<typeof PinNoteSchema>;
/** The answer of the note calls: the note, or null when there is none (or it was just deleted). */
export const PinNoteResultSchema = Type.Object({ note: Nullable(PinNoteSchema) });
export type PinNoteResult = Static<typeof PinNoteResultSchema>;

/**
 * GET /api/v1/search: one page of the pins that match; the first page (no `after`) also has the
 * categories whose name matches and how many pins match in all. `next` asks for the following page.
 */
export const SearchResultSchema = Type.Object({
  query: Type.String(),
  categories: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), icon: Type.Integer(), groupName: Type.String(), pinCount: Type.Integer() }),
  ),
  total: Type.Optional(Type.Integer()),
  pins: Type.Array(PinHitSchema),
  next: Nullable(Type.String()),
});
export type SearchResult = Static<typeof SearchResultSchema>;

/** GET /api/v1/me/pins: one page of the pins the caller registered, newest first. */
export const MyPinsSchema = Type.Object({ total: Type.Integer(), page: Type.Integer(), n: Type.Integer(), pins: Type.Array(PinHitSchema) });
export type MyPins = Static<typeof MyPinsSchema>;

/** A pin of a category's list, in the wire format's field names (proto/wire.proto Pin); an absent field is unset. */
export const ListPinSchema = Type.Object({
  id: Type.Integer(),
  coordX: Type.Number(),
  coordY: Type.Number(),
  coordZ: Type.Optional(Type.Number()),
  description: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  catNum: Type.Integer(),
  tagIds: Type.Array(Type.Integer()),
  icon: Type.Optional(Type.Integer()),
  flag: Type.Optional(Type.Integer()),
  registererId: Type.Optional(Type.Integer()),
  region: Type.Integer(),
  categoryId: Type.Integer(),
  /** As of the list's encoding; the pin detail has the live count. */
  totalChecks: Type.Integer(),
});
export type ListPin = Static<typeof ListPinSchema>;

/**
 * A category's pin list (GET /api/v1/category/{id}/pins-proto): the JSON answer's result, and the
 * fields the protobuf PinList carries when the client asks for application/x-protobuf.
 */
export const CategoryPinListSchema = Type.Object({
  categoryId: Type.Integer(),
  lastEdited: Type.Number(),
  pins: Type.Array(ListPinSchema),
});
export type CategoryPinList = Static<typeof CategoryPinListSchema>;

/** The most filter presets a player keeps, and the longest name (issue 20 item 4). */
export const PRESET_LIMITS = { presets: 20, name: 30, categories: 2000, tags: 500 } as const;

/** A saved filter preset: the map's categories, highlighted tags and hide-found under a name. */
export const FilterPresetSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  categories: Type.Array(Type.Integer()),
  tags: Type.Array(Type.Integer()),
  hideChecked: Type.Boolean(),
  updatedAt: Type.Integer(),
});
export type FilterPreset = Static<typeof FilterPresetSchema>;
/** The answer of the preset calls (/api/v1/me/presets): all of the player's presets, by name. */
export const FilterPresetsResultSchema = Type.Object({ presets: Type.Array(FilterPresetSchema) });
export type FilterPresetsResult = Static<typeof FilterPresetsResultSchema>;
