-- Issue 21 item 1: the world's change sequence. Every statement that changes what the map draws of a pin
-- (insert, delete, a move, its category, region, floor, icon, flag, image, hidden; its tags) bumps world_version.seq
-- once and NOTIFYs 'world_changes' with the new value, so every server process knows the current version without a
-- query and rebuilds its pin snapshots lazily. Checks (total_checks) and texts (description) do not bump it: the
-- snapshot carries neither. Statement-level, so an import of a million pins costs one bump per statement.
create table world_version (
  id integer primary key default 1 check (id = 1),
  seq bigint not null
);
insert into world_version (id, seq) values (1, 1);

create function bump_world_version() returns trigger language plpgsql as $$
declare
  s bigint;
begin
  update world_version set seq = seq + 1 where id = 1 returning seq into s;
  perform pg_notify('world_changes', s::text);
  return null;
end
$$;

create trigger pins_world_version after insert or delete or truncate on pins
  for each statement execute function bump_world_version();
create trigger pins_world_version_update
  after update of category_id, region, coord_x, coord_y, coord_z, image, icon, flag, hidden on pins
  for each statement execute function bump_world_version();
create trigger pin_tags_world_version after insert or delete or update or truncate on pin_tags
  for each statement execute function bump_world_version();
