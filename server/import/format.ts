import { Type, type Static } from 'typebox';

/*
 * The import file (npm run import -- FILE): JSON, one object.
 *
 * {
 *   "tagGroups": [{ "name": "공통", "tags": [{ "name": "퍼즐", "flag": 1 }] }],          // optional; for every category
 *   "categoryGroups": [{
 *     "name": "수집품",
 *     "categories": [{
 *       "name": "보급 상자", "icon": 3,
 *       "tagGroups": [{ "name": "등급", "tags": [{ "name": "정밀" }] }],                  // optional; this category's own
 *       "pins": [{ "region": 0, "x": 120.5, "y": -340, "floor": null, "description": "다리 밑", "image": "/images/a.webp", "tags": ["정밀", "퍼즐"] }]
 *     }]
 *   }]
 * }
 *
 * A category may add "color": "#RRGGBB" and "iconImage": "icons/shell.png" (PNG or WebP, ≤ 256 KiB, relative to
 * the import file; re-encoded to a 64×64 WebP); "icon" stays the glyph drawn where there is no iconImage.
 *
 * region 0..6; x and y inside the region's tile-set extent; floor an integer sub-map depth (-32..32)
 * or null/absent for the base map; tags name tags of the category's own groups or the shared ones.
 *
 * Regions and floor areas (optional; ./world.ts applies them, by key, else id, else name; absent ones stay):
 *   "regions": [{ "key": "vault", "name": "vaultbase", "label": "볼트 베이스",
 *     "tileSet": { "name": "vaultbase", "blockSize": 512, "extent": [-1024, -2560, 5120, 3072], "padding": 512,
 *                  "centerX": 2200, "centerY": 190, "level": 4, "floor": 0, "parts": [...] },   // parts: optional
 *     "bounds": [...4], "game": { "a": 0.01, "b": 0, "c": -200000, "d": 0, "e": -0.01, "f": 0 }, "gameBounds": [...4], // gameBounds: optional
 *     "floorAreas": [{ "key": "vault-b4", "name": "vault_b4", "label": "지하 4층 격납고", "depth": -4,
 *                      "extent": [0, 0, 1024, 1024], "origin": [0, 0], "parts": [...] }] }]              // origin, parts: optional
 * A pin's region may then be a region key (or name), and "floorArea" names a floor area (key, or name within
 * the pin's region's tile set); the pin's floor is the area's depth.
 *
 * Every group, category, tag group, tag and pin may carry a `key` (1..100 of A-Z a-z 0-9 . _ : -): its stable
 * identity across re-imports. Without one a thing is matched by its name within its parent (a pin: by category,
 * region, floor and position within 0.5 units). Keys are unique in the file per kind (a tag's within its tag group).
 */

/** A stable identity for re-import. */
const Key = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' });

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Tag = Type.Object(
  { key: Type.Optional(Key), name: Name, flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })) },
  { additionalProperties: false },
);
const TagGroup = Type.Object(
  { key: Type.Optional(Key), name: Name, tags: Type.Array(Tag, { maxItems: 1000 }) },
  { additionalProperties: false },
);
const Slug = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' });
const Label = Type.String({ minLength: 1, maxLength: 50 });
const Box = Type.Array(Type.Number(), { minItems: 4, maxItems: 4 });
const Part = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 20 }),
    scale: Type.Union([Type.Literal(100), Type.Literal(50), Type.Literal(25)]),
    path: Type.String({ minLength: 1, maxLength: 200, pattern: '^/map/[A-Za-z0-9_./-]+$' }),
    suffix: Type.Literal('.webp'),
  },
  { additionalProperties: false },
);
const Parts = Type.Array(Part, { minItems: 1, maxItems: 3 });
export const FloorArea = Type.Object(
  {
    key: Type.Optional(Key),
    name: Slug,
    label: Label,
    depth: Type.Integer({ minimum: -32, maximum: 32 }),
    extent: Box,
    origin: Type.Optional(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 })),
    parts: Type.Optional(Parts),
  },
  { additionalProperties: false },
);
export const Region = Type.Object(
  {
    key: Type.Optional(Key),
    id: Type.Optional(Type.Integer({ minimum: 0, maximum: 32_767 })),
    name: Slug,
    label: Label,
    tileSet: Type.Object(
      {
        name: Slug,
        blockSize: Type.Union([Type.Literal(512), Type.Literal(1024)]),
        extent: Box,
        padding: Type.Number({ minimum: 0, maximum: 100_000 }),
        centerX: Type.Number(),
        centerY: Type.Number(),
        level: Type.Number({ minimum: -10, maximum: 10 }),
        floor: Type.Integer({ minimum: -32, maximum: 32 }),
        parts: Type.Optional(Parts),
      },
      { additionalProperties: false },
    ),
    bounds: Box,
    game: Type.Object(
      { a: Type.Number(), b: Type.Number(), c: Type.Number(), d: Type.Number(), e: Type.Number(), f: Type.Number() },
      { additionalProperties: false },
    ),
    gameBounds: Type.Optional(Box),
    floorAreas: Type.Optional(Type.Array(FloorArea, { maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export type ImportRegion = Static<typeof Region>;

const Pin = Type.Object(
  {
    key: Type.Optional(Key),
    region: Type.Union([Type.Integer({ minimum: 0, maximum: 32_767 }), Key]),
    floorArea: Type.Optional(Key),
    x: Type.Number(),
    y: Type.Number(),
    floor: Type.Optional(Type.Union([Type.Integer({ minimum: -32, maximum: 32 }), Type.Null()])),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    image: Type.Optional(
      Type.Union([Type.String({ maxLength: 500, pattern: '^(https?://[^\\s<>"]+|/images/[A-Za-z0-9._-]+)$' }), Type.Null()]),
    ),
    tags: Type.Optional(Type.Array(Name, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
const Category = Type.Object(
  {
    key: Type.Optional(Key),
    name: Name,
    icon: Type.Integer({ minimum: 0, maximum: 10_000 }),
    // h14 (issue 20 item 3): the category's own colour, and a PNG/WebP icon file relative to the import file (import/icons.ts).
    color: Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' })),
    iconImage: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    tagGroups: Type.Optional(Type.Array(TagGroup, { maxItems: 100 })),
    pins: Type.Optional(Type.Array(Pin, { maxItems: 1_000_000 })),
  },
  { additionalProperties: false },
);
const Group = Type.Object(
  { key: Type.Optional(Key), name: Name, categories: Type.Array(Category, { maxItems: 1000 }) },
  { additionalProperties: false },
);

/** The whole import file. */
export const ImportFile = Type.Object(
  {
    tagGroups: Type.Optional(Type.Array(TagGroup, { maxItems: 100 })),
    regions: Type.Optional(Type.Array(Region, { maxItems: 1000 })),
    categoryGroups: Type.Array(Group, { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type ImportFile = Static<typeof ImportFile>;
export type ImportGroup = Static<typeof Group>;
export type ImportCategory = Static<typeof Category>;
export type ImportTagGroup = Static<typeof TagGroup>;
export type ImportPin = Static<typeof Pin>;
