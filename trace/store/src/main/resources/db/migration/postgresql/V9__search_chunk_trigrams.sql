-- Schema version 9: the trigram filters of each indexed trace's chunks (ChunkTrigrams), beside the event count and
-- content digest they were built from, so that a trace's event search reads only the chunks that may hold its text.
-- Its own file per database, since PostgreSQL spells BLOB as BYTEA; keep the two identical otherwise. The traces
-- indexed before have no filters: their rows go, so the next update of the search index counts them again (until
-- then the library search reads them, as any trace not indexed). No DEFAULT, CHECK, generated columns, triggers or
-- routines (UntrustedDatabaseCheck); Schema names the column.

ALTER TABLE search_indexed ADD COLUMN chunk_trigrams BYTEA;

DELETE FROM search_indexed;
