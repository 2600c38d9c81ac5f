-- Schema version 8: the library's search index (SearchIndexRows). Per trace and term (a word of its events' search
-- text, SearchTerms), how many of its events hold the term; and the event count and content digest of the trace the
-- terms were counted from, so terms of a trace that changed since are not used. Filled after import, not during it
-- (TraceStore.updateSearchIndex). Standard SQL, the same on H2 and PostgreSQL; no DEFAULT, CHECK, generated columns,
-- triggers or routines (UntrustedDatabaseCheck). Schema names both tables.

CREATE TABLE search_terms (
    term     VARCHAR(32)  NOT NULL,
    trace_id VARCHAR(512) NOT NULL,
    events   BIGINT       NOT NULL,
    CONSTRAINT search_terms_pk PRIMARY KEY (term, trace_id)
);

CREATE INDEX search_terms_trace ON search_terms (trace_id);

CREATE TABLE search_indexed (
    trace_id       VARCHAR(512) NOT NULL,
    event_count    BIGINT       NOT NULL,
    content_digest VARCHAR(100) NOT NULL,
    CONSTRAINT search_indexed_pk PRIMARY KEY (trace_id)
);
