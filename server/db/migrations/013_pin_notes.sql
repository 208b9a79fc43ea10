-- Issue 22 item 3: private notes. One note per player per pin, read only by its author; a deleted pin or
-- account takes its notes along. search_text is common/search-text.ts searchKey (as pins.search_text, 011),
-- so "내 메모" search matches as the pin search does.
create table pin_notes (
  user_id integer not null references users (id) on delete cascade,
  pin_id integer not null references pins (id) on delete cascade,
  body text not null,
  updated_at bigint not null,
  search_text text generated always as (
    translate(regexp_replace(lower(normalize(regexp_replace(normalize(body, NFD), '[\u0300-\u036f]', '', 'g'), NFC)), '\s+', '', 'g'), 'đ', 'd')
  ) stored,
  primary key (user_id, pin_id)
);
