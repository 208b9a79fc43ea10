-- Issue 21 (an edit moves its region once): a pin edit (server/repos/pins.ts updatePin) writes its tags and then its
-- row in one transaction. Each statement's trigger used to move the region on its own, so one PATCH moved the world
-- sequence up to three times (tags deleted, tags inserted, row updated): three NOTIFYs, three rebuilds of the same
-- region in every process. Now, while the transaction-local setting wuwa.fold_tag_bumps is 'on', a pin_tags statement
-- adds its regions to the row's list (wuwa.moved_regions, migration 021) instead, and the row's update statement then
-- moves them all once. Without the setting (imports, moderation, tag deletes) tag writes move their regions at once.
create or replace function pin_tags_region_versions() returns trigger language plpgsql as $$
declare
  regions integer[];
  moved text;
  r integer;
begin
  -- A tag row of a pin deleted in the same statement finds no pin: the pin's own delete moved its region.
  if tg_op = 'INSERT' then
    regions := array(select p.region from pins p where p.id in (select pin_id from new_tags));
  elsif tg_op = 'DELETE' then
    regions := array(select p.region from pins p where p.id in (select pin_id from old_tags));
  else
    regions := array(select p.region from pins p where p.id in (select pin_id from old_tags union select pin_id from new_tags));
  end if;
  if coalesce(current_setting('wuwa.fold_tag_bumps', true), '') <> 'on' then
    perform bump_region_versions(regions);
    return null;
  end if;
  moved := coalesce(nullif(current_setting('wuwa.moved_regions', true), ''), ',');
  foreach r in array regions loop
    if position(',' || r || ',' in moved) = 0 then
      moved := moved || r || ',';
    end if;
  end loop;
  perform set_config('wuwa.moved_regions', moved, true);
  return null;
end
$$;
