package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.importers.otel.OtelImporter;
import dev.forkline.live.LiveRoot;
import dev.forkline.live.LiveService;
import dev.forkline.live.claude.HookSettings;
import dev.forkline.trace.Json;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.store.TraceStore;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Live capture: {@code hook.passthrough}, the p50 time a Claude Code hook call that matches no escape rule adds to a tool
 * call (the installed hook command against a running serve, minus running {@code true} as the hook); {@code live.ingest},
 * spans per second through OTLP/HTTP into the store (acknowledged, then stored), against the floor of parsing the same
 * payloads (the OpenTelemetry importer reading them from a file), while a window's view model polls the store and follows
 * the trace's tail ({@link FollowingWindow}).
 */
public final class LiveFigures {

    static final String CONTRACT = """
            contract: bench
            isolation: {}
            retention: 1d
            checkpointCadence: {maxToolCalls: 10}
            revert: {mechanism: directory}
            owner: {name: dana}
            recoveryTimeBound: 5m
            scenarios: []
            escapes:
              rules:
                - {id: push, kind: command, match: ["git push*"]}
                - {id: net, kind: network}
            """;

    private final Sizes sizes;
    private final Path work;

    public LiveFigures(Sizes sizes, Path work) {
        this.sizes = sizes;
        this.work = work;
    }

    public List<Figure> measure() throws Exception {
        Path dir = Files.createTempDirectory(work, "live-");
        Contract contract = ContractReader.parse(CONTRACT, "bench-contract.yaml");
        try (TraceStore store = TraceStore.open(dir.resolve("db/forkline").toAbsolutePath());
             LiveService serve = LiveService.start(store, new LiveService.Settings(new LiveRoot(dir.resolve("live")),
                     InetAddress.getLoopbackAddress(), 0, null, TrustedKeys::none, project -> Optional.of(contract), dir, 100))) {
            List<Figure> figures = new ArrayList<>();
            figures.add(passthrough(serve, dir));
            figures.addAll(ingest(serve, store, dir));
            return figures;
        }
    }

    private Figure passthrough(LiveService serve, Path dir) throws Exception {
        String endpoint = "http://127.0.0.1:" + serve.port();
        String command = HookSettings.command("PreToolUse", endpoint);
        int runs = sizes.isQuick() ? 15 : 101;
        List<byte[]> payloads = new ArrayList<>();
        for (int i = 0; i < runs + 5; i++) {
            var payload = Json.object();
            payload.put("session_id", "bench").put("transcript_path", dir.resolve("t.jsonl").toString()).put("cwd", dir.toString())
                    .put("hook_event_name", "PreToolUse").put("tool_name", "Bash").put("tool_use_id", "toolu_" + i);
            payload.putObject("tool_input").put("command", "ls -la src");
            payloads.add(payload.toString().getBytes(StandardCharsets.UTF_8));
        }
        // the hook's own start and one loopback request without serve's work (GET /v1/health over the same kind of
        // socket): what of the figure is starting the client, what is serve's durable append
        String connectOnly = "bash -c 'exec 3<>/dev/tcp/127.0.0.1/" + serve.port()
                + "; printf \"GET /v1/health HTTP/1.0\\r\\n\\r\\n\" >&3; read -r -d \"\" a <&3; exit 0'";
        // run in turn, so that a change of the machine's load falls on all three alike
        for (int i = 0; i < 5; i++) {
            run(command, payloads.get(i));
            run("true", payloads.getFirst());
            run(connectOnly, payloads.getFirst());
        }
        double[] hook = new double[runs];
        double[] bare = new double[runs];
        double[] client = new double[runs];
        for (int i = 0; i < runs; i++) {
            byte[] payload = payloads.get(5 + i);
            hook[i] = Timing.once(() -> run(command, payload));
            bare[i] = Timing.once(() -> run("true", payloads.getFirst()));
            client[i] = Timing.once(() -> run(connectOnly, payloads.getFirst()));
        }
        double hookMedian = Timing.median(hook);
        double bareMedian = Timing.median(bare);
        return Figure.measured("hook.passthrough", "p50 added latency of a non-matching PreToolUse hook (the installed bash command "
                        + "posting to serve, durable; " + String.format(java.util.Locale.ROOT,
                        "of it, serve's durable append %.1f ms over the same client's GET /v1/health)", hookMedian - Timing.median(client)),
                hookMedian - bareMedian, bareMedian, "running true as the hook", Unit.MILLIS, Goal.valueAtMost(30, Unit.MILLIS));
    }

    private static void run(String command, byte[] stdin) throws Exception {
        Process process = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        try (var in = process.getOutputStream()) {
            in.write(stdin);
        } catch (java.io.IOException exitedUnread) {
            // a hook may end without reading its input (true does): Claude Code's write then fails the same way
        }
        process.getInputStream().readAllBytes();
        if (process.waitFor() != 0) {
            throw new IllegalStateException("the hook command failed: " + command);
        }
    }

    /**
     * The OpenTelemetry SDKs' batch span processors export at most 512 spans per request
     * ({@code OTEL_BSP_MAX_EXPORT_BATCH_SIZE}), and full batches are what a busy agent sends: the throughput figure uses
     * that shape. The small-batch shape (50 spans a request, what a quieter agent's scheduled exports look like) is
     * measured too, without a goal, to show the cost per request.
     */
    static final int SDK_BATCH = 512;

    private List<Figure> ingest(LiveService serve, TraceStore store, Path dir) throws Exception {
        SpanRequests full = new SpanRequests(sizes.isQuick() ? 2 : 20, SDK_BATCH);
        SpanRequests small = new SpanRequests(sizes.isQuick() ? 20 : 200, 50);
        // Untimed ingests exactly like the measured ones first (a window following each): serve is a long-running
        // process, and the figure is its steady state, as the floor's is. Three warm-up ingests left the JIT compiling
        // for 0.4 to 0.9 s of CPU during each measured one, on a machine of two cores; it settles after about ten.
        for (int i = 0; i < warmups(); i++) {
            ingestOnce(serve, store, full, full.bodies(traceId(0xA0 + i)), traceId(0xA0 + i));
        }
        Figure throughput = ingest(serve, store, dir, full, 0xB0, "live.ingest", Goal.ratioAtMost(3));
        Figure perRequest = ingest(serve, store, dir, small, 0xC0, "live.ingest.small-batches", Goal.none());
        return List.of(throughput, perRequest);
    }

    private int warmups() {
        return sizes.isQuick() ? 1 : WARMUPS;
    }

    /** Warm-up runs of the ingest and of its floor alike (see {@link #ingest(LiveService, TraceStore, Path)}). */
    static final int WARMUPS = 12;

    /** How many ingests of each shape are measured: the figure is their median. */
    private int measuredIngests() {
        return sizes.isQuick() ? 1 : 3;
    }

    /** A distinct OTLP trace id (32 hex digits) for each ingest: each one is a new live trace. */
    private static String traceId(int n) {
        return String.format("%032x", 0x4bf92f3577b34da6L + n);
    }

    /** {@code batches} OTLP/JSON export requests of {@code perBatch} GenAI chat spans each, for one trace. */
    private record SpanRequests(int batches, int perBatch) {

        int spans() {
            return batches * perBatch;
        }

        List<byte[]> bodies(String trace) {
            List<byte[]> bodies = new ArrayList<>();
            long t0 = 1_750_000_000_000_000_000L;
            for (int b = 0; b < batches; b++) {
                StringBuilder spans = new StringBuilder();
                for (int s = 0; s < perBatch; s++) {
                    int n = b * perBatch + s;
                    long start = t0 + n * 1_000_000L;
                    if (s > 0) {
                        spans.append(',');
                    }
                    spans.append("{\"traceId\":\"").append(trace).append("\",\"spanId\":\"").append(String.format("%016x", n + 1))
                            .append("\",\"name\":\"chat\",\"kind\":3,\"startTimeUnixNano\":\"").append(start)
                            .append("\",\"endTimeUnixNano\":\"").append(start + 500_000)
                            .append("\",\"attributes\":[{\"key\":\"gen_ai.operation.name\",\"value\":{\"stringValue\":\"chat\"}},")
                            .append("{\"key\":\"gen_ai.request.model\",\"value\":{\"stringValue\":\"m\"}},")
                            .append("{\"key\":\"gen_ai.usage.input_tokens\",\"value\":{\"intValue\":\"").append(100 + s % 50).append("\"}}]}");
                }
                String body = "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"bench\"}}]},"
                        + "\"scopeSpans\":[{\"scope\":{\"name\":\"bench\"},\"spans\":[" + spans + "]}]}]}";
                bodies.add(body.getBytes(StandardCharsets.UTF_8));
            }
            return bodies;
        }
    }

    private static void send(LiveService serve, List<byte[]> bodies) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create("http://127.0.0.1:" + serve.port() + "/v1/traces");
        for (byte[] body : bodies) {
            int status = http.send(HttpRequest.newBuilder(uri).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status != 200) {
                throw new IllegalStateException("serve answered " + status);
            }
        }
    }

    /** One measured ingest: its wall time, what the note says about it. */
    private record Ingest(double millis, String details) {
    }

    private Figure ingest(LiveService serve, TraceStore store, Path dir, SpanRequests requests, int firstTrace, String name, Goal goal)
            throws Exception {
        List<Ingest> ingests = new ArrayList<>();
        List<byte[]> bodies = null;
        for (int run = 0; run < measuredIngests(); run++) {
            String trace = traceId(firstTrace + run);
            bodies = requests.bodies(trace);
            ingests.add(ingestOnce(serve, store, requests, bodies, trace));
        }
        ingests.sort(java.util.Comparator.comparingDouble(Ingest::millis));
        Ingest median = ingests.get(ingests.size() / 2);
        Path spansFile = dir.resolve(name + ".jsonl");
        try (var out = Files.newOutputStream(spansFile)) {
            for (byte[] body : bodies) {
                out.write(body);
                out.write('\n');
            }
        }
        OtelImporter importer = new OtelImporter();
        // What the ingests left on the heap (serve keeps a live trace's spans and events) is moved out of the young
        // generation first, so that the floor's collections do not copy it. The floor's own run time varies by a factor
        // of five from one run to the next in the same JVM (its young collections): warmed up as the ingest is, the
        // median of five.
        System.gc();
        double floor = Timing.median(WARMUPS, 5, () -> importer.read(spansFile).bundle().close());
        int spans = requests.spans();
        String all = ingests.stream().map(ingest -> String.format(java.util.Locale.ROOT, "%.0f", ingest.millis()))
                .collect(java.util.stream.Collectors.joining(", ", "", " ms"));
        return Figure.measured(name, spans + " spans in " + requests.batches() + " OTLP/HTTP requests of " + requests.perBatch()
                + " into the store, the median of " + ingests.size() + " ingests (" + all + "; the median: " + median.details()
                + "), a window following the trace", median.millis(), floor, "parsing the same payloads (OtelImporter)", Unit.MILLIS, goal);
    }

    private Ingest ingestOnce(LiveService serve, TraceStore store, SpanRequests requests, List<byte[]> bodies, String trace) throws Exception {
        FollowingWindow window = new FollowingWindow(store, "otel-genai:" + trace);
        // What the warm-up ingests and the window's start left on the heap is moved out of the young generation first,
        // as it is in a serve and a window that have run for a while, so that the ingest's collections do not copy it
        // (the floor is measured after the same)
        System.gc();
        long[] acked = new long[2];
        long[] cpu = new long[3];
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        var jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        long compiledBefore = jit.getTotalCompilationTime();
        double millis = Timing.once(() -> {
            cpu[0] = os.getProcessCpuTime();
            acked[0] = System.nanoTime();
            send(serve, bodies);
            acked[1] = System.nanoTime();
            cpu[1] = os.getProcessCpuTime();
            serve.sync().flush();
            cpu[2] = os.getProcessCpuTime();
        });
        long compiled = jit.getTotalCompilationTime() - compiledBefore;
        window.close();
        if (store.find("otel-genai:" + trace).orElseThrow().eventCount() < requests.spans()) {
            throw new IllegalStateException("not every span reached the store");
        }
        int spans = requests.spans();
        return new Ingest(millis, (int) (spans / (millis / 1000)) + " spans/s; the last request answered after "
                + String.format(java.util.Locale.ROOT, "%.2f s", (acked[1] - acked[0]) / 1e9)
                + String.format(java.util.Locale.ROOT, "; JVM CPU %.2f s while answering, %.2f s for the last store",
                        (cpu[1] - cpu[0]) / 1e9, (cpu[2] - cpu[1]) / 1e9)
                + "; the JIT compiled for " + compiled + " ms"
                + "; the window reloaded " + window.reloads() + " times");
    }
}
