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
 */

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Tag = Type.Object(
  { name: Name, flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })) },
  { additionalProperties: false },
);
const TagGroup = Type.Object({ name: Name, tags: Type.Array(Tag, { maxItems: 1000 }) }, { additionalProperties: false });
const Pin = Type.Object(
  {
    region: Type.Integer({ minimum: 0, maximum: 6 }),
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
const Group = Type.Object({ name: Name, categories: Type.Array(Category, { maxItems: 1000 }) }, { additionalProperties: false });

/** The whole import file. */
export const ImportFile = Type.Object(
  {
    tagGroups: Type.Optional(Type.Array(TagGroup, { maxItems: 100 })),
    categoryGroups: Type.Array(Group, { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type ImportFile = Static<typeof ImportFile>;
