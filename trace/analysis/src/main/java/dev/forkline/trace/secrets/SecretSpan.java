package dev.forkline.trace.secrets;

/** Where a secret sits in a string: {@code text.substring(start, end)} is the secret itself. */
public record SecretSpan(SecretKind kind, int start, int end) {

    public SecretSpan {
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("empty or negative span " + start + ".." + end);
        }
    }

    boolean overlaps(SecretSpan other) {
        return start < other.end && other.start < end;
    }

    int length() {
        return end - start;
    }
}
