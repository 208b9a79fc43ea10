-- Stable identities for re-import (issue 20 item 6): the import file may give a `key` to a category group, category,
-- tag group, tag or pin, so that loading an edited file updates the same rows (and players' checks, comments and
-- history on them stay). Optional: rows without a key are matched by their names (pins: category, region, floor and
-- position). A key names one thing: across the whole table, except a tag's, which is unique within its tag group.
alter table category_groups add column if not exists key text;
alter table categories add column if not exists key text;
alter table tag_groups add column if not exists key text;
alter table tags add column if not exists key text;
alter table pins add column if not exists key text;
create unique index if not exists category_groups_key on category_groups (key);
create unique index if not exists categories_key on categories (key);
create unique index if not exists tag_groups_key on tag_groups (key);
create unique index if not exists tags_group_key on tags (group_id, key);
create unique index if not exists pins_key on pins (key);
