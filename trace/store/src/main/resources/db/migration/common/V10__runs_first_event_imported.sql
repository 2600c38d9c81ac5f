-- Schema version 10: whether a run's first event is marked imported (its session.start data has "imported"), so that
-- showing a trace of thousands of runs need not read a chunk per run to tell an imported run from a recorded one
-- (RunTally writes it; TraceStore.load hands it on). Runs stored before keep it null, unknown: their first event is
-- read as before. Standard SQL, the same on H2 and PostgreSQL; no DEFAULT, CHECK, generated columns, triggers or
-- routines (UntrustedDatabaseCheck); Schema names the column.

ALTER TABLE runs ADD COLUMN imported BOOLEAN;
