-- Bounded undo history (issue 23): each action keeps the pins it changed as two packed id sets
-- (server/repos/pinpack.ts: runs of consecutive ids as LEB128 varints) instead of one row per pin,
-- and large changes on the embedded database are written in short transactions under a journal.
-- Runs unchanged on PGlite and PostgreSQL.

-- was_off: pins the action turned found (they were not); was_on: pins it turned not found.
-- Both null: the undo data was dropped to keep the player under the cap (the action stays listed,
-- it can no longer be undone). pending: a change still being written (hidden; start-up rolls it back).
alter table check_actions
  add column was_off bytea,
  add column was_on bytea,
  add column undo_bytes integer not null default 0,
  add column pending boolean not null default false;

-- Every existing action keeps exactly its pins, packed here as pinpack.ts packs them: runs of
-- consecutive ids (gaps and islands), then each run's gap and length-1 as varints, in id order.
with p as (
  select action_id, was_checked, pin_id,
         pin_id - row_number() over (partition by action_id, was_checked order by pin_id) as grp
    from check_action_pins
), runs as (
  select action_id, was_checked, min(pin_id)::bigint as s, count(*)::bigint as n
    from p group by action_id, was_checked, grp
), gaps as (
  select action_id, was_checked, s,
         s - coalesce(lag(s + n) over (partition by action_id, was_checked order by s), 0) as gap, n - 1 as len
    from runs
), nums as (
  select action_id, was_checked, s, 0 as f, gap as v from gaps
  union all
  select action_id, was_checked, s, 1 as f, len as v from gaps
), bytes as (
  select action_id, was_checked, s, f, k,
         ((v >> (7 * k)) & 127) | (case when v >= (1::bigint << (7 * (k + 1))) then 128 else 0 end) as b
    from nums, generate_series(0, 4) as k
   where k = 0 or v >= (1::bigint << (7 * k))
), packed as (
  select action_id, was_checked, string_agg(decode(lpad(to_hex(b), 2, '0'), 'hex'), ''::bytea order by s, f, k) as ids
    from bytes group by action_id, was_checked
), both_sets as (
  select action_id,
         coalesce((array_agg(ids) filter (where not was_checked))[1], ''::bytea) as off_ids,
         coalesce((array_agg(ids) filter (where was_checked))[1], ''::bytea) as on_ids
    from packed group by action_id
)
update check_actions a
   set was_off = b.off_ids, was_on = b.on_ids, undo_bytes = octet_length(b.off_ids) + octet_length(b.on_ids)
  from both_sets b
 where b.action_id = a.id;

drop table check_action_pins;

-- The journal of a change being written in steps: per step, the earlier state of each pin it
-- changed (was_at null: the pin had no mark), so an unfinished change can be rolled back.
create table check_action_journal (
  action_id bigint not null references check_actions (id) on delete cascade,
  seq integer not null,
  pins integer[] not null,
  was_checked boolean[] not null,
  was_at bigint[] not null,
  was_action bigint[] not null,
  primary key (action_id, seq)
);
create index check_actions_pending on check_actions (id) where pending;

-- Found-counts and marks are updated in place by every batch: pages keep room for the new row versions (HOT updates,
-- reclaimed on the page itself), so a loop of batches does not grow the tables on the embedded database, which has
-- no autovacuum. Applies to pages written from now on.
alter table pins set (fillfactor = 90);
alter table check_marks set (fillfactor = 80);
