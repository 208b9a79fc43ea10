-- Issue 25 item 5: search that is case-, accent- and spacing-insensitive on both PGlite and PostgreSQL
-- (no extension). The key is common/search-text.ts searchKey, written in SQL (SEARCH_KEY_SQL in
-- server/repos/search.ts is the same expression): accents stripped, lower case, đ as d, no white space.
alter table pins add column search_text text generated always as (
  translate(regexp_replace(lower(normalize(regexp_replace(normalize(coalesce(description, ''), NFD), '[\u0300-\u036f]', '', 'g'), NFC)), '\s+', '', 'g'), 'đ', 'd')
) stored;

-- Issue 25 item 7: our own uploads are stored as paths (/images/<file>), not under the origin the
-- server had when they were posted: an image uploaded here (image_uploads knows its file) loses its origin.
update comments c set image = substring(c.image from '(/images/[A-Za-z0-9._-]+)$')
  where c.image ~ '^https?://[^/]+/images/[A-Za-z0-9._-]+$'
    and exists (select 1 from image_uploads u where u.file = substring(c.image from '/images/([A-Za-z0-9._-]+)$'));
update pins p set image = substring(p.image from '(/images/[A-Za-z0-9._-]+)$')
  where p.image ~ '^https?://[^/]+/images/[A-Za-z0-9._-]+$'
    and exists (select 1 from image_uploads u where u.file = substring(p.image from '/images/([A-Za-z0-9._-]+)$'));
