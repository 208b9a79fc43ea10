-- Who set a player's suspension in force: a moderator cannot lift or change one an admin set (server/moderation/rank.ts).
alter table users add column if not exists suspended_by integer references users (id) on delete set null;
