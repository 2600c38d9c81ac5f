-- Schema version 6: a team store holds its owners' trusted public keys (who added each and when), and every decision
-- recorded through the store leaves a row in decision_records, the table `forkline team init` lets only owners write
-- (so PostgreSQL's grants, not the client, decide who may decide). Standard SQL, the same on H2 and PostgreSQL; no
-- DEFAULT, CHECK, generated columns, triggers or routines (UntrustedDatabaseCheck). Schema names both tables.

CREATE TABLE trusted_owner_keys (
    owner       VARCHAR(200)  NOT NULL,
    fingerprint VARCHAR(100)  NOT NULL,
    public_key  VARCHAR(4000) NOT NULL,
    added_by    VARCHAR(512)  NOT NULL,
    added_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT trusted_owner_keys_pk PRIMARY KEY (owner, fingerprint)
);

CREATE TABLE decision_records (
    trace_id    VARCHAR(512) NOT NULL,
    event_id    VARCHAR(512) NOT NULL,
    subject     VARCHAR(512) NOT NULL,
    owner       VARCHAR(200) NOT NULL,
    recorded_by VARCHAR(512) NOT NULL,
    recorded_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT decision_records_pk PRIMARY KEY (trace_id, event_id)
);
