package dev.forkline.replay.docker;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import dev.forkline.replay.sandbox.BoundedBuffer;
import dev.forkline.replay.sandbox.ManifestListing;
import dev.forkline.replay.sandbox.SandboxException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The workspace manifest a sandbox's own init lists as the container starts, before it turns into the idle sleep,
 * read from the container's output: the manifest of a fresh sandbox without an exec (about 40 ms each). The init runs
 * the {@link ManifestListing#SCRIPT} in a subshell (its failure never ends the init), then prints an end record
 * {@code E\0<status>\0-\0-\0} and becomes {@code sleep}. The output is attached before the container starts (while
 * the workspace is copied in), so that nothing is missed whatever the engine's log driver.
 */
final class StartupListing implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StartupListing.class);
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(10);
    private static final int STDERR_LIMIT = 4096;

    private static final String INIT = "(\n" + ManifestListing.SCRIPT + ")\n"
            + "status=$?\n"
            + "printf 'E\\0%s\\0-\\0-\\0' \"$status\"\n"
            + "exec sleep " + ConfinedContainers.IDLE_INIT_SECONDS + "\n";

    private final String containerId;
    private final RecordScanner listing;
    private final BoundedBuffer stderr = new BoundedBuffer(STDERR_LIMIT);
    private final CountDownLatch ended = new CountDownLatch(1);
    private final ResultCallback.Adapter<Frame> stream;

    /** The container's entrypoint and command: {@code sh -c <init> sh <workspace>}. */
    static List<String> initCommand(String workspace) {
        return List.of("sh", "-c", INIT, "sh", workspace);
    }

    private StartupListing(DockerEngine engine, String containerId, int outputLimit) {
        this.containerId = containerId;
        this.listing = new RecordScanner(outputLimit);
        this.stream = engine.streamingClient().attachContainerCmd(containerId)
                .withStdOut(true).withStdErr(true).withFollowStream(true)
                .exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Frame frame) {
                        switch (frame.getStreamType()) {
                            case STDERR -> stderr.write(frame.getPayload());
                            case STDOUT, RAW -> {
                                if (listing.accept(frame.getPayload())) {
                                    ended.countDown();
                                }
                            }
                            default -> {
                            }
                        }
                    }

                    @Override
                    public void onComplete() {
                        super.onComplete();
                        ended.countDown();
                    }

                    @Override
                    public void onError(Throwable throwable) {
                        super.onError(throwable);
                        ended.countDown();
                    }
                });
    }

    /**
     * Starts attaching to the output of a created, not yet started container whose init is {@link #initCommand}; call
     * {@link #awaitAttached} before starting the container.
     */
    static StartupListing attach(DockerEngine engine, String containerId, int outputLimit) {
        return new StartupListing(engine, containerId, outputLimit);
    }

    /** Returns once the engine streams the container's output. */
    void awaitAttached() {
        boolean started;
        try {
            started = stream.awaitStarted(ATTACH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxException("interrupted while attaching to the sandbox's output", containerId, null, null, e);
        }
        if (!started) {
            throw new SandboxException("the engine did not attach to the sandbox's output within " + ATTACH_TIMEOUT.toSeconds()
                    + " s", containerId, null, null, null);
        }
    }

    /**
     * The manifest the init listed, once it printed its end record (waiting at most {@code limit}); empty, with the
     * reason logged, when it did not, or its listing failed or was cut short.
     */
    Optional<ManifestListing.Parsed> await(Duration limit) {
        try {
            if (!ended.await(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("sandbox {}: the init listed no workspace within {} s", containerId, limit.toSeconds());
                return Optional.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        if (!listing.ended()) {
            LOG.warn("sandbox {}: its output ended or was cut before the init's listing did", containerId);
            return Optional.empty();
        }
        if (!"0".equals(listing.status())) {
            LOG.warn("sandbox {}: the init's workspace listing failed (status {}): {}", containerId, listing.status(),
                    new String(stderr.toByteArray(), StandardCharsets.UTF_8).strip());
            return Optional.empty();
        }
        try {
            return Optional.of(ManifestListing.parse(listing.records(), null));
        } catch (RuntimeException e) {
            LOG.warn("sandbox {}: the init's workspace listing does not parse: {}", containerId, e.toString());
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        try {
            stream.close();
        } catch (Exception e) {
            // the attach stream is abandoned either way
        }
    }

    /**
     * Collects the listing's NUL-terminated fields, four to a record, until the end record (type {@code E}). Types are
     * only read at record boundaries, so a path that reads like an end record is never taken for one.
     */
    static final class RecordScanner {

        private final int limit;
        private byte[] bytes = new byte[8192];
        private int size;
        private int scanned;
        private int fieldStart;
        private int field;
        private int recordStart;
        private String recordType;
        private String status;
        private int listingEnd = -1;
        private boolean overflowed;

        RecordScanner(int limit) {
            this.limit = limit;
        }

        /** Takes the next chunk of output; true once the end record is complete (or the limit is passed). */
        synchronized boolean accept(byte[] chunk) {
            if (listingEnd >= 0 || overflowed) {
                return true;
            }
            if (size + chunk.length > limit) {
                overflowed = true;
                return true;
            }
            if (size + chunk.length > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + chunk.length));
            }
            System.arraycopy(chunk, 0, bytes, size, chunk.length);
            size += chunk.length;
            for (; scanned < size; scanned++) {
                if (bytes[scanned] != 0) {
                    continue;
                }
                if (field == 0) {
                    recordType = new String(bytes, fieldStart, scanned - fieldStart, StandardCharsets.UTF_8);
                } else if (field == 1 && "E".equals(recordType)) {
                    status = new String(bytes, fieldStart, scanned - fieldStart, StandardCharsets.UTF_8);
                }
                fieldStart = scanned + 1;
                if (++field == 4) {
                    if ("E".equals(recordType)) {
                        listingEnd = recordStart;
                        return true;
                    }
                    field = 0;
                    recordStart = fieldStart;
                }
            }
            return false;
        }

        synchronized boolean ended() {
            return listingEnd >= 0;
        }

        synchronized String status() {
            return status;
        }

        /** The listing's records before the end record. */
        synchronized byte[] records() {
            return Arrays.copyOf(bytes, Math.max(listingEnd, 0));
        }
    }
}
