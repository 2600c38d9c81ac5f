package dev.forkline.live.otlp;

/** An OTLP request that cannot be read at all (bad protobuf or JSON, wrong shape): answered with 400 and the message. */
public final class BadPayloadException extends Exception {

    public BadPayloadException(String message) {
        super(message);
    }

    public BadPayloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
