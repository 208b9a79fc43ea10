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
 * region 0..6; x and y inside the region's tile-set extent; floor an integer sub-map depth (-32..32)
 * or null/absent for the base map; tags name tags of the category's own groups or the shared ones.
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
const Pin = Type.Object(
  {
    key: Type.Optional(Key),
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
    key: Type.Optional(Key),
    name: Name,
    icon: Type.Integer({ minimum: 0, maximum: 10_000 }),
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
    categoryGroups: Type.Array(Group, { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export type ImportFile = Static<typeof ImportFile>;
export type ImportGroup = Static<typeof Group>;
export type ImportCategory = Static<typeof Category>;
export type ImportTagGroup = Static<typeof TagGroup>;
export type ImportPin = Static<typeof Pin>;
