-- Forkline's trace store, PostgreSQL's copy of h2/V1__forkline_schema.sql (kept to standard SQL),
-- where BLOB is spelled BYTEA. Keep the two identical otherwise.
-- No DEFAULT, CHECK, generated columns, triggers or routines: UntrustedDatabaseCheck refuses files that have any.
-- When a later migration adds a table or column, add it to Schema as well.

CREATE TABLE traces (
    trace_id       VARCHAR(512)  NOT NULL,
    title          VARCHAR(4000) NOT NULL,
    source_format  VARCHAR(200)  NOT NULL,
    producer       VARCHAR(1000) NOT NULL,
    created        TIMESTAMP WITH TIME ZONE NOT NULL,
    imported_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    source_path    VARCHAR(4000),
    event_count    BIGINT        NOT NULL,
    run_count      INTEGER       NOT NULL,
    outcome        VARCHAR(100)  NOT NULL,
    content_digest VARCHAR(100)  NOT NULL,
    CONSTRAINT traces_pk PRIMARY KEY (trace_id)
);

CREATE TABLE runs (
    trace_id        VARCHAR(512) NOT NULL,
    run_id          VARCHAR(512) NOT NULL,
    ordinal         INTEGER      NOT NULL,
    parent_run      VARCHAR(512),
    fork_checkpoint VARCHAR(512),
    fork_event      VARCHAR(512),
    reason          VARCHAR(100),
    event_count     BIGINT       NOT NULL,
    outcome         VARCHAR(100) NOT NULL,
    CONSTRAINT runs_pk PRIMARY KEY (trace_id, run_id),
    CONSTRAINT runs_trace_fk FOREIGN KEY (trace_id) REFERENCES traces (trace_id)
);

CREATE TABLE events (
    trace_id    VARCHAR(512)  NOT NULL,
    run_id      VARCHAR(512)  NOT NULL,
    seq         BIGINT        NOT NULL,
    event_id    VARCHAR(512)  NOT NULL,
    ts          TIMESTAMP WITH TIME ZONE NOT NULL,
    actor       VARCHAR(512)  NOT NULL,
    type        VARCHAR(200)  NOT NULL,
    tool_name   VARCHAR(512),
    is_error    BOOLEAN       NOT NULL,
    event_hash  VARCHAR(71)   NOT NULL,
    search_text VARCHAR(4000) NOT NULL,
    json        CHARACTER VARYING NOT NULL,
    CONSTRAINT events_pk PRIMARY KEY (trace_id, run_id, seq)
);
-- No foreign key from events to runs: it would cost a lookup per event on large imports;
-- IntegrityCheck verifies that every event's run exists.

CREATE UNIQUE INDEX events_by_id ON events (trace_id, event_id);
CREATE INDEX events_by_type ON events (trace_id, type);
CREATE INDEX events_by_actor ON events (trace_id, actor);
CREATE INDEX events_by_tool ON events (trace_id, tool_name);

CREATE TABLE blobs (
    hash    VARCHAR(71) NOT NULL,
    size    BIGINT      NOT NULL,
    content BYTEA       NOT NULL,
    CONSTRAINT blobs_pk PRIMARY KEY (hash)
);

-- Which stored blobs a trace's events refer to; blobs themselves are stored once and shared.
CREATE TABLE trace_blobs (
    trace_id VARCHAR(512) NOT NULL,
    hash     VARCHAR(71)  NOT NULL,
    CONSTRAINT trace_blobs_pk PRIMARY KEY (trace_id, hash),
    CONSTRAINT trace_blobs_trace_fk FOREIGN KEY (trace_id) REFERENCES traces (trace_id),
    CONSTRAINT trace_blobs_blob_fk FOREIGN KEY (hash) REFERENCES blobs (hash)
);

CREATE TABLE findings (
    trace_id VARCHAR(512)  NOT NULL,
    ordinal  INTEGER       NOT NULL,
    severity VARCHAR(20)   NOT NULL,
    code     VARCHAR(200)  NOT NULL,
    message  VARCHAR(8000) NOT NULL,
    event_id VARCHAR(512),
    line     BIGINT        NOT NULL,
    CONSTRAINT findings_pk PRIMARY KEY (trace_id, ordinal),
    CONSTRAINT findings_trace_fk FOREIGN KEY (trace_id) REFERENCES traces (trace_id)
);
