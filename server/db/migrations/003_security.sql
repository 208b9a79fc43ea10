-- Issue 12: uploads to the built-in image host, for per-player and global quotas.
create table image_uploads (
  id bigserial primary key,
  user_id integer references users (id) on delete set null,
  file text not null,
  bytes integer not null check (bytes >= 0),
  created_at timestamptz not null default now()
);
create index image_uploads_user_time on image_uploads (user_id, created_at);
create index image_uploads_time on image_uploads (created_at);
