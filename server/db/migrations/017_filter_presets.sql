-- Issue 20 item 4: filter presets. A player saves the map's current categories, highlighted tags and
-- hide-found under a name and switches to it in one tap on any device; names are unique per player.
-- Ids of categories or tags deleted since are kept and skipped by the client (no foreign key into an array).
create table filter_presets (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  categories integer[] not null,
  tags integer[] not null,
  hide_checked boolean not null,
  updated_at bigint not null,
  unique (user_id, name)
);
