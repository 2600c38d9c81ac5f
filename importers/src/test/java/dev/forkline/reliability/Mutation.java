package dev.forkline.reliability;

/** One hostile change to a file's bytes; {@code name} says what it did, for the failure report. */
record Mutation(String name, byte[] bytes) {
}
