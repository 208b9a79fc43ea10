-- Issue 20 item 3: categories carry their own look. color is an optional '#rrggbb' (lower case) that
-- tints the built-in glyph; icon_webp an optional 64×64 WebP (uploads and imports are re-encoded by
-- sharp, server/images/category-icon.ts) with icon_hash, the first 16 hex digits of its SHA-256, which
-- versions the icon's immutable URL and ETag. The bytes live in the database, not in DATA_DIR/images:
-- an import writes them in its one transaction (a refused file leaves no orphan file), and every
-- server process on the same database serves them (several hosts share no folder). 512 icons of a
-- few KiB each are about 1-2 MiB.
alter table categories
  add column color text check (color ~ '^#[0-9a-f]{6}$'),
  add column icon_webp bytea,
  add column icon_hash text,
  add constraint categories_icon_pair check ((icon_webp is null) = (icon_hash is null));
