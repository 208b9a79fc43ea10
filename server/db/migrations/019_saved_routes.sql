-- Issue 22 item 1: planned routes saved to the account and shared read-only by link. A route keeps its pins in
-- visiting order (an array: the order is the route; pins deleted or hidden since are left out when it is opened),
-- the start and what it was planned from. share_token is the link's secret (random, URL-safe).
create table saved_routes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  pin_ids integer[] not null,
  start_x double precision not null,
  start_y double precision not null,
  start_floor integer,
  categories integer[] not null,
  area text not null check (area in ('view', 'lasso', 'all')),
  region integer not null,
  share_token text not null unique,
  created_at bigint not null,
  updated_at bigint not null
);
create index saved_routes_user on saved_routes (user_id, updated_at desc);
