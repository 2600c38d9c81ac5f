package dev.forkline.trace.gate;

/** One clause of the contract checked on one trace. */
interface TraceClause {

    ClauseResult check(TraceEvidence trace, Contract contract);
}
