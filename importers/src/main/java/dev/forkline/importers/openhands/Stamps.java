package dev.forkline.importers.openhands;

import dev.forkline.trace.UtcStamps;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * OpenHands writes {@code datetime.now().isoformat()}: local time without a zone. Such times are read as UTC (the
 * importer says so in a finding); times with an offset are exact.
 */
final class Stamps {

    /** A parsed time and whether it lacked a zone. */
    record Stamp(Instant instant, boolean zoneless) {
    }

    private Stamps() {
    }

    static Stamp parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Instant zoned = UtcStamps.parseWithOffset(text);
        if (zoned != null) {
            return new Stamp(zoned, false);
        }
        Instant zoneless = UtcStamps.parseZoneless(text);
        if (zoneless != null) {
            return new Stamp(zoneless, true);
        }
        try {
            return new Stamp(OffsetDateTime.parse(text).toInstant(), false);
        } catch (DateTimeParseException e) {
            try {
                return new Stamp(LocalDateTime.parse(text).toInstant(ZoneOffset.UTC), true);
            } catch (DateTimeParseException again) {
                return null;
            }
        }
    }
}
