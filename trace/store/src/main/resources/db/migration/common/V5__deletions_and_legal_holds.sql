-- Schema version 5: deleted traces are recorded (who, when, which trace, its last hash), and traces on legal hold are
-- never deleted. Standard SQL, the same on H2 and PostgreSQL; no DEFAULT, CHECK, generated columns, triggers or
-- routines (UntrustedDatabaseCheck). Schema names both tables.

CREATE TABLE trace_deletions (
    trace_id       VARCHAR(512)  NOT NULL,
    deleted_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    deleted_by     VARCHAR(512)  NOT NULL,
    reason         VARCHAR(4000) NOT NULL,
    last_hash      VARCHAR(71),
    event_count    BIGINT        NOT NULL,
    content_digest VARCHAR(100)  NOT NULL,
    last_pack_id   BIGINT        NOT NULL,
    CONSTRAINT trace_deletions_pk PRIMARY KEY (trace_id, deleted_at)
);

CREATE TABLE legal_holds (
    trace_id VARCHAR(512)  NOT NULL,
    held_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    held_by  VARCHAR(512)  NOT NULL,
    reason   VARCHAR(4000) NOT NULL,
    CONSTRAINT legal_holds_pk PRIMARY KEY (trace_id)
);
