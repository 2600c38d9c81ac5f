-- Schema version 6.1, PostgreSQL only (H2 has no such setting and stays at 6): the large byte values, a chunk's lines
-- and header (event_chunks) and a blob pack's content (blob_packs), about 1 MB each and not compressed by Forkline,
-- are compressed by the server with lz4 instead of its default, pglz, when it moves them out of line (TOAST). pglz took
-- most of a PostgreSQL import's time (docs/benchmarks.md, import.postgresql); lz4 is several times faster and stores
-- about as little. Only values written from now on change; values already stored keep pglz and read as before.
-- A server built without lz4 refuses the setting: the columns are then left as they were (pglz), with a notice.
-- A block, not a routine: nothing stays in the schema but the columns' compression setting (UntrustedDatabaseCheck).

DO $$
BEGIN
    ALTER TABLE event_chunks ALTER COLUMN lines SET COMPRESSION lz4;
    ALTER TABLE event_chunks ALTER COLUMN header SET COMPRESSION lz4;
    ALTER TABLE blob_packs ALTER COLUMN content SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this PostgreSQL server has no lz4 (%): large values stay compressed with pglz', SQLERRM;
END
$$;
