-- Issue 11: state that every server process must share lives here, not in one process's memory.

-- Secrets made once by the first process (insert … on conflict do nothing) and read by all.
create table if not exists server_secrets (
  name       text primary key,
  value      text not null,
  created_at timestamptz not null default now()
);

-- Rate-limit windows counted across processes (@fastify/rate-limit's store, see server/security/PgRateStore.ts).
create table if not exists rate_limit_hits (
  key        text primary key,
  hits       integer not null,
  reset_at   bigint not null
);
create index if not exists rate_limit_hits_reset_at on rate_limit_hits (reset_at);

-- Who is connected to the tracker relay, in which process: the per-code viewer limit and the tracker seat
-- hold across processes. Rows of a process that died are ignored once seen_at is stale and then swept.
create table if not exists relay_peers (
  code     text not null,
  peer_id  text not null,
  proc     text not null,
  seen_at  timestamptz not null default now(),
  primary key (code, peer_id)
);
create index if not exists relay_peers_proc on relay_peers (proc);

-- The built-in sign-in provider's single-use codes and access tokens (LOCAL_LOGIN=1), shared by every process so
-- that the form on one and the login call on another meet. Only SHA-256 hashes are stored; rows live minutes.
create table if not exists local_oauth_grants (
  key_hash     text primary key,
  kind         text not null check (kind in ('code', 'token')),
  email        text not null,
  redirect_uri text,
  expires_at   timestamptz not null
);
create index if not exists local_oauth_grants_expires_at on local_oauth_grants (expires_at);
