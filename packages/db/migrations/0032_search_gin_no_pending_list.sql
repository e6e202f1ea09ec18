-- Staff search at 1M payments (issue 19 performance: p99 <= 50 ms). The pg_trgm GIN indexes of
-- migration 0022 were built with fastupdate on (PostgreSQL's default): inserted and updated
-- users go to a pending list (up to gin_pending_list_limit, 4 MB) that every "anywhere" search
-- then reads in full and rechecks until a VACUUM merges it. After 250,000 sign-ups a name search
-- that finds nothing read 310 pages (287 of them the pending list) and took 40-68 ms under load;
-- merged, 23 pages and 0.1 ms. fastupdate off writes each user's trigrams into the index at once
-- (a slower sign-up, no pending list ever); the existing lists are merged here. Which rows a
-- search finds and their order do not change.
ALTER INDEX "users_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_phone_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_parent_phone_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('users_name_trgm_idx'::regclass), gin_clean_pending_list('users_phone_trgm_idx'::regclass), gin_clean_pending_list('users_parent_phone_trgm_idx'::regclass), gin_clean_pending_list('users_email_trgm_idx'::regclass);
