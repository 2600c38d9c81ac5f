package dev.forkline.live.otlp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.otel.OtelLiveImport;
import dev.forkline.live.DurableLines;
import dev.forkline.live.LiveBundle;
import dev.forkline.live.LiveRoot;
import dev.forkline.live.StoreSync;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The live OpenTelemetry traces: each accepted request's spans are appended, per trace id, to that trace's span log
 * ({@code spans.jsonl}, one OTLP/JSON document per line) and forced to disk before the request is acknowledged (the
 * documents are handed to the derivation too, which then need not read the lines again); the store is then brought up
 * to date from the log by the OpenTelemetry importer (see {@link StoreSync}), so a live trace
 * is exactly the trace that importing the same spans from a file gives, late and out-of-order spans included.
 */
public final class OtelLiveTraces {

    public static final String SPAN_LOG = "spans.jsonl";

    private final LiveRoot root;
    private final StoreSync sync;

    public OtelLiveTraces(LiveRoot root, StoreSync sync) {
        this.root = root;
        this.sync = sync;
    }

    /** Makes the spans of a split request durable; returns when every trace's line is on disk. */
    public void accept(SpanBatches.Split split) throws IOException {
        for (Map.Entry<String, ObjectNode> trace : split.byTrace().entrySet()) {
            Path log = spanLog(trace.getKey());
            String line;
            try {
                line = Json.MAPPER.writeValueAsString(trace.getValue());
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
            ObjectNode document = trace.getValue();
            try {
                LiveBundle.withLock(log, () -> {
                    DurableLines.Appended appended = DurableLines.append(log, line);
                    sync.appended(log, new OtelLiveImport.AppendedLine(appended.start(), appended.end(), document));
                    return null;
                });
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e);
            }
            sync.mark(new StoreSync.Source(log, true));
        }
    }

    public Path spanLog(String traceId) {
        return root.otelTrace(traceId).resolve(SPAN_LOG);
    }

    /** Every span log on disk (to store again when serve starts: a crash may have come before the store caught up). */
    public List<Path> spanLogs() throws IOException {
        List<Path> logs = new ArrayList<>();
        if (!Files.isDirectory(root.otelTraces())) {
            return logs;
        }
        try (DirectoryStream<Path> traces = Files.newDirectoryStream(root.otelTraces())) {
            for (Path trace : traces) {
                Path log = trace.resolve(SPAN_LOG);
                if (Files.isRegularFile(log)) {
                    logs.add(log);
                }
            }
        }
        return logs;
    }
}
