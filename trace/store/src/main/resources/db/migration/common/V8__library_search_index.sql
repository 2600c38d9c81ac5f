-- Schema version 8: the library's search index (SearchIndexRows). Per trace and term (a word of its events' search
-- text, SearchTerms), how many of its events hold the term; and the event count and content digest of the trace the
-- terms were counted from, so terms of a trace that changed since are not used. Filled after import, not during it
-- (TraceStore.updateSearchIndex). Standard SQL, the same on H2 and PostgreSQL; no DEFAULT, CHECK, generated columns,
-- triggers or routines (UntrustedDatabaseCheck). Schema names both tables.

-- Keyed by trace first: a trace's terms are written, replaced and deleted as one range of the key (keyed by term
-- first, every trace indexed touched pages all over the table, and each commit rewrote most of it); a word is looked
-- up with one seek into each indexed trace's range.
CREATE TABLE search_terms (
    trace_id VARCHAR(512) NOT NULL,
    term     VARCHAR(32)  NOT NULL,
    events   BIGINT       NOT NULL,
    CONSTRAINT search_terms_pk PRIMARY KEY (trace_id, term)
);

CREATE TABLE search_indexed (
    trace_id       VARCHAR(512) NOT NULL,
    event_count    BIGINT       NOT NULL,
    content_digest VARCHAR(100) NOT NULL,
    CONSTRAINT search_indexed_pk PRIMARY KEY (trace_id)
);
