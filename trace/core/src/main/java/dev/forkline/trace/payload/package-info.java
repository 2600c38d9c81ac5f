/**
 * Typed views of event payloads, one per event type: the one place that says what each payload member is called and
 * what it holds (like JabRef's {@code StandardField}). {@link dev.forkline.trace.Event#data()} stays the hashed storage,
 * so members a view does not know survive and hashes do not change: a view reads with {@code from(ObjectNode)} and
 * writes its non-null members with {@code into(ObjectNode)}, leaving every other member as it is.
 * {@code PayloadViewsTest} checks every view against {@code docs/trace-event.schema.json}.
 */
package dev.forkline.trace.payload;
