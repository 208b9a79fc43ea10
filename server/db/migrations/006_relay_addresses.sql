-- The tracker relay's per-address budgets across processes: each presence row names the address it came from
-- (viewers a code per address, sockets per address), and the codes an address touched in the last minute.
alter table relay_peers add column if not exists ip text not null default '';
create index if not exists relay_peers_ip on relay_peers (ip);

create table if not exists relay_ip_codes (
  ip   text not null,
  code text not null,
  at   timestamptz not null default now(),
  primary key (ip, code)
);
create index if not exists relay_ip_codes_at on relay_ip_codes (at);
