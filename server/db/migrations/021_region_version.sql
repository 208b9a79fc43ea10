-- Issue 21 (edits must not invalidate the whole world): pin snapshots are versioned per region. world_version.seq
-- (migration 018) stays the world's change sequence; region_version.seq is the value of that sequence at the last
-- change of what the map draws of the region's pins. A statement that changes drawn fields bumps world_version once,
-- moves the region(s) its pins were in and are now in to the new value, and NOTIFYs 'world_changes' with
-- '<seq>:<region>,<region>…' (or '<seq>:*' when every region moved: a truncate, or a list too long for a NOTIFY).
-- So a snapshot read at world version X is still current while its region's version is ≤ X: one edit in one region
-- leaves every other region's snapshot (server builds, URLs, ETags and the clients' IndexedDB copies) as it was.
-- A region without a row has had no pins since this migration (version 0: its snapshot is empty).
create table region_version (
  region integer primary key,
  seq bigint not null
);
insert into region_version (region, seq)
  select r, (select seq from world_version where id = 1)
    from (select id as r from regions union select distinct region from pins) x;

-- Bumps the world sequence once and moves `moved` (null: every region) to it; returns the new seq (null: none moved).
create function bump_region_versions(moved integer[]) returns bigint language plpgsql as $$
declare
  s bigint;
  payload text;
begin
  if moved is not null then
    moved := array(select distinct r from unnest(moved) r where r is not null order by r);
    if cardinality(moved) = 0 then
      return null;
    end if;
  end if;
  update world_version set seq = seq + 1 where id = 1 returning seq into s;
  if moved is null then
    update region_version set seq = s;
    payload := s || ':*';
  else
    insert into region_version (region, seq) select r, s from unnest(moved) r
      on conflict (region) do update set seq = excluded.seq;
    payload := s || ':' || array_to_string(moved, ',');
    -- A NOTIFY payload holds under 8000 bytes: a longer list says "every region" (each process reads the versions).
    if length(payload) > 7000 then
      payload := s || ':*';
    end if;
  end if;
  perform pg_notify('world_changes', payload);
  return s;
end
$$;

create function pins_region_versions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform bump_region_versions(array(select region from new_pins));
  else
    perform bump_region_versions(array(select region from old_pins));
  end if;
  return null;
end
$$;

-- An update: each row whose drawn fields changed adds the region it was in and the one it is now in to a
-- transaction-local list (a setting, so a plain check count, which names none of these columns, runs no trigger at
-- all), and the statement's own trigger then moves those regions once. Transition tables would be simpler, but they
-- cannot go with a column list (update of …): every check of a pin would pay for them.
create function pins_region_moved() returns trigger language plpgsql as $$
declare
  moved text := coalesce(nullif(current_setting('wuwa.moved_regions', true), ''), ',');
begin
  if position(',' || old.region || ',' in moved) = 0 then
    moved := moved || old.region || ',';
  end if;
  if position(',' || new.region || ',' in moved) = 0 then
    moved := moved || new.region || ',';
  end if;
  perform set_config('wuwa.moved_regions', moved, true);
  return null;
end
$$;

create function pins_region_versions_update() returns trigger language plpgsql as $$
declare
  moved text := coalesce(current_setting('wuwa.moved_regions', true), '');
begin
  if moved <> '' then
    perform set_config('wuwa.moved_regions', '', true);
    perform bump_region_versions(string_to_array(trim(both ',' from moved), ',')::integer[]);
  end if;
  return null;
end
$$;

create function pin_tags_region_versions() returns trigger language plpgsql as $$
begin
  -- A tag row of a pin deleted in the same statement finds no pin: the pin's own delete moved its region.
  if tg_op = 'INSERT' then
    perform bump_region_versions(array(select p.region from pins p where p.id in (select pin_id from new_tags)));
  elsif tg_op = 'DELETE' then
    perform bump_region_versions(array(select p.region from pins p where p.id in (select pin_id from old_tags)));
  else
    perform bump_region_versions(array(
      select p.region from pins p where p.id in (select pin_id from old_tags union select pin_id from new_tags)));
  end if;
  return null;
end
$$;

create function every_region_version() returns trigger language plpgsql as $$
begin
  perform bump_region_versions(null);
  return null;
end
$$;

drop trigger pins_world_version on pins;
drop trigger pins_world_version_update on pins;
drop trigger pin_tags_world_version on pin_tags;
drop function bump_world_version();

create trigger pins_region_version_insert after insert on pins
  referencing new table as new_pins for each statement execute function pins_region_versions();
create trigger pins_region_version_delete after delete on pins
  referencing old table as old_pins for each statement execute function pins_region_versions();
-- Row triggers fire at the end of the statement, before its statement triggers.
create trigger pins_region_moved after update of category_id, region, coord_x, coord_y, coord_z, image, icon, flag, hidden on pins
  for each row
  when ((old.category_id, old.region, old.coord_x, old.coord_y, old.coord_z, old.image is null, old.icon, old.flag, old.hidden)
        is distinct from
        (new.category_id, new.region, new.coord_x, new.coord_y, new.coord_z, new.image is null, new.icon, new.flag, new.hidden))
  execute function pins_region_moved();
create trigger pins_region_version_update
  after update of category_id, region, coord_x, coord_y, coord_z, image, icon, flag, hidden on pins
  for each statement execute function pins_region_versions_update();
create trigger pins_region_version_truncate after truncate on pins
  for each statement execute function every_region_version();
create trigger pin_tags_region_version_insert after insert on pin_tags
  referencing new table as new_tags for each statement execute function pin_tags_region_versions();
create trigger pin_tags_region_version_delete after delete on pin_tags
  referencing old table as old_tags for each statement execute function pin_tags_region_versions();
create trigger pin_tags_region_version_update after update on pin_tags
  referencing old table as old_tags new table as new_tags for each statement execute function pin_tags_region_versions();
create trigger pin_tags_region_version_truncate after truncate on pin_tags
  for each statement execute function every_region_version();
