package dev.forkline.trace.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.verify.EventSweep;
import dev.forkline.trace.verify.SweepMemo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Fake credentials of realistic shape (generated, never real ones) are found where agents leak them, and masked. */
class SecretScannerTest {

    private static final Random RANDOM = new Random(20261130);
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    static String fake(int length, String alphabet) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    static final String ANTHROPIC = "sk-ant-api03-" + fake(93, ALNUM + "-_") + "AA";
    static final String OPENAI = "sk-proj-" + fake(60, ALNUM + "-_") + "x9";
    static final String OPENAI_CLASSIC = "sk-" + fake(48, ALNUM);
    static final String AWS = "AKIA" + fake(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567");
    /** Key ids of a user and a role, in digits only so that the text holds no other letters than their prefix. */
    static final String AWS_USER_ID = "AIDA" + fake(16, "234567");
    static final String AWS_ROLE_ID = "AROA" + fake(16, "234567");
    static final String GITHUB = "ghp_" + fake(36, ALNUM);
    static final String GITHUB_PAT = "github_pat_" + fake(22, ALNUM) + "_" + fake(59, ALNUM);
    static final String SLACK = "xoxb-" + fake(11, "0123456789") + "-" + fake(12, "0123456789") + "-" + fake(24, ALNUM);
    static final String GOOGLE = "AIza" + fake(35, ALNUM + "-_");
    static final String JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ." + fake(43, ALNUM + "-_");
    static final String PEM = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA" + fake(64, ALNUM + "+/") + "\n"
            + fake(64, ALNUM + "+/") + "\n-----END RSA PRIVATE KEY-----";
    static final String DB_PASSWORD = "Tr0ub4dor-" + fake(6, ALNUM);
    static final String RANDOM_ENV = fake(40, ALNUM + "+/");

    /** Where a secret is planted, the kind expected, the field path, and the secret. */
    record Plant(String name, SecretKind kind, String path, String secret, ObjectNode data) {
        @Override
        public String toString() {
            return name;
        }
    }

    static ObjectNode json(String text) {
        try {
            return (ObjectNode) Json.MAPPER.readTree(text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static ObjectNode exec(String command) {
        ObjectNode data = Json.object();
        data.put("callId", "c1").put("tool", "bash").put("effect", "process");
        data.putObject("arguments").put("command", command);
        return data;
    }

    static ObjectNode env(String name, String value) {
        ObjectNode data = exec("make test");
        data.putObject("exec").putArray("argv").add("make").add("test");
        ((ObjectNode) data.get("exec")).putObject("env").put(name, value);
        return data;
    }

    static ObjectNode stdout(String text) {
        ObjectNode data = Json.object();
        data.put("callId", "c1").put("exitCode", 0).put("stdout", text);
        return data;
    }

    static List<Plant> plants() {
        ObjectNode argv = Json.object();
        argv.putObject("exec").putArray("argv").add("mysql").add("-u").add("root").add("--password").add(DB_PASSWORD);
        ObjectNode header = Json.object();
        header.putObject("arguments").putObject("headers").put("Authorization", "Bearer " + fake(32, ALNUM));
        ObjectNode named = Json.object();
        named.putObject("arguments").put("api_key", fake(32, ALNUM));
        ObjectNode toolCall = Json.object();
        toolCall.putObject("output").putArray("toolCalls").addObject().put("name", "deploy").putObject("arguments")
                .put("password", DB_PASSWORD);
        return List.of(
                new Plant("anthropic key in env", SecretKind.ANTHROPIC_API_KEY, "data.exec.env.ANTHROPIC_API_KEY", ANTHROPIC,
                        env("ANTHROPIC_API_KEY", ANTHROPIC)),
                new Plant("openai project key in stdout", SecretKind.OPENAI_API_KEY, "data.stdout", OPENAI,
                        stdout("OPENAI_API_KEY=" + OPENAI + "\nHOME=/root\n")),
                new Plant("openai classic key in a command", SecretKind.OPENAI_API_KEY, "data.arguments.command", OPENAI_CLASSIC,
                        exec("curl https://api.example.test -H 'x: " + OPENAI_CLASSIC + "'")),
                new Plant("aws key id in cat ~/.aws/credentials", SecretKind.AWS_ACCESS_KEY_ID, "data.stdout", AWS,
                        stdout("[default]\naws_access_key_id = " + AWS + "\n")),
                new Plant("aws user key id alone", SecretKind.AWS_ACCESS_KEY_ID, "data.stdout", AWS_USER_ID,
                        stdout(AWS_USER_ID)),
                new Plant("aws role key id alone", SecretKind.AWS_ACCESS_KEY_ID, "data.stdout", AWS_ROLE_ID,
                        stdout(AWS_ROLE_ID + " ")),
                new Plant("github token in a git remote", SecretKind.GITHUB_TOKEN, "data.stdout", GITHUB,
                        stdout("origin\thttps://" + GITHUB + "@github.com/acme/app.git (fetch)")),
                new Plant("fine-grained github pat", SecretKind.GITHUB_TOKEN, "data.arguments.command", GITHUB_PAT,
                        exec("gh auth login --with-token <<< " + GITHUB_PAT)),
                new Plant("slack bot token", SecretKind.SLACK_TOKEN, "data.stdout", SLACK, stdout("token: " + SLACK)),
                new Plant("google api key", SecretKind.GOOGLE_API_KEY, "data.stdout", GOOGLE, stdout("key=" + GOOGLE)),
                new Plant("jwt", SecretKind.JWT, "data.stdout", JWT, stdout("{\"access\": \"" + JWT + "\"}")),
                new Plant("pem private key", SecretKind.PRIVATE_KEY, "data.stdout", PEM, stdout("$ cat id_rsa\n" + PEM + "\n$ ")),
                new Plant("password in a database url", SecretKind.URL_PASSWORD, "data.arguments.command", DB_PASSWORD,
                        exec("psql postgres://app:" + DB_PASSWORD + "@db.internal:5432/app")),
                new Plant("password flag", SecretKind.ASSIGNED_SECRET, "data.arguments.command", DB_PASSWORD,
                        exec("mysql -u root --password=" + DB_PASSWORD + " app")),
                new Plant("password env assignment", SecretKind.ASSIGNED_SECRET, "data.arguments.command", DB_PASSWORD,
                        exec("PGPASSWORD=" + DB_PASSWORD + " psql -h db app")),
                new Plant("password after a flag in argv", SecretKind.SENSITIVE_FIELD, "data.exec.argv[4]", DB_PASSWORD, argv),
                new Plant("authorization header", SecretKind.AUTHORIZATION_HEADER, "data.arguments.headers.Authorization",
                        header.at("/arguments/headers/Authorization").asText().substring(7), header),
                new Plant("argument named api_key", SecretKind.SENSITIVE_FIELD, "data.arguments.api_key",
                        named.at("/arguments/api_key").asText(), named),
                new Plant("password in a proposed tool call", SecretKind.SENSITIVE_FIELD,
                        "data.output.toolCalls[0].arguments.password", DB_PASSWORD, toolCall),
                new Plant("random env value", SecretKind.HIGH_ENTROPY, "data.exec.env.SESSION_SEED", RANDOM_ENV,
                        env("SESSION_SEED", RANDOM_ENV)),
                new Plant("token env var", SecretKind.SENSITIVE_FIELD, "data.exec.env.DEPLOY_TOKEN", "deploy-" + fake(8, "abc"),
                        env("DEPLOY_TOKEN", "deploy-" + fake(8, "abc"))));
    }

    private final SecretScanner scanner = new SecretScanner();

    static Event event(ObjectNode data) {
        return new EventChain().append(NewEvent.of("r1", "agent:coder", EventType.TOOL_CALL).id("e-7")
                .at(Instant.parse("2026-03-01T10:00:00Z")).data(data));
    }

    @ParameterizedTest
    @MethodSource("plants")
    void eachPlantedSecretIsFoundWithItsKindAndField(Plant plant) {
        Event event = event(plant.data());

        List<SecretHit> hits = scanner.hits(event, 12);

        assertThat(hits).containsExactly(new SecretHit(plant.kind(), "e-7", plant.path(), 12));
        Finding finding = SecretScanner.finding(hits.getFirst());
        assertThat(finding.code()).isEqualTo("secret-detected");
        assertThat(finding.severity()).isEqualTo(Finding.Severity.WARNING);
        assertThat(finding.eventId()).isEqualTo("e-7");
        assertThat(finding.message()).contains(plant.path()).contains(plant.kind().wireName())
                .doesNotContain(plant.secret()).doesNotContain(plant.secret().substring(plant.secret().length() - 8));
    }

    @ParameterizedTest
    @MethodSource("plants")
    void theMaskerRemovesEachPlantedSecretAndMaskingTwiceChangesNothing(Plant plant) {
        Event event = event(plant.data());
        String before = event.data().toString();

        Event masked = SecretMasker.mask(event);

        assertThat(masked.data().toString()).doesNotContain(plant.secret());
        assertThat(scanner.hits(masked)).as("secrets left after masking").isEmpty();
        assertThat(SecretMasker.mask(masked).data()).isEqualTo(masked.data());
        assertThat(masked.hash()).isEqualTo(event.hash());
        assertThat(masked.id()).isEqualTo(event.id());
        assertThat(event.data().toString()).as("original untouched").isEqualTo(before);
    }

    @Test
    void maskedFormsKeepAShortPrefixAndTheLastFour() {
        assertThat(SecretMasker.mask("key " + ANTHROPIC + " end"))
                .isEqualTo("key sk-ant-api03-…" + ANTHROPIC.substring(ANTHROPIC.length() - 4) + " end");
        assertThat(SecretMasker.mask(OPENAI)).isEqualTo("sk-proj-…" + OPENAI.substring(OPENAI.length() - 4));
        assertThat(SecretMasker.mask(GITHUB)).isEqualTo("ghp_…" + GITHUB.substring(GITHUB.length() - 4));
        assertThat(SecretMasker.mask(AWS)).isEqualTo("AKIA…");
        assertThat(SecretMasker.mask("postgres://app:" + DB_PASSWORD + "@db/app")).isEqualTo("postgres://app:****@db/app");
        assertThat(SecretMasker.mask(PEM)).isEqualTo("-----BEGIN RSA PRIVATE KEY-----…");
    }

    @Test
    void severalSecretsInOneStringAreEachReportedAndMasked() {
        String text = "export A=" + AWS + "\nexport B=" + GOOGLE + "\n" + JWT;
        assertThat(scanner.find(text)).extracting(SecretSpan::kind)
                .containsExactly(SecretKind.AWS_ACCESS_KEY_ID, SecretKind.GOOGLE_API_KEY, SecretKind.JWT);
        String masked = SecretMasker.mask(text);
        assertThat(masked).doesNotContain(AWS).doesNotContain(GOOGLE).doesNotContain(JWT).startsWith("export A=AKIA…\n");
    }

    @Test
    void credentialNamesAreRecognisedInAnyAsciiLetterCaseOnly() {
        String value = "abc123def456ghi";
        assertThat(scanner.find("export GITHUB_ToKeN=" + value)).extracting(SecretSpan::kind).containsExactly(SecretKind.ASSIGNED_SECRET);
        assertThat(scanner.find("curl -H 'AUTHORIZATION: Bearer " + value + "'")).extracting(SecretSpan::kind)
                .containsExactly(SecretKind.AUTHORIZATION_HEADER);
        // The expressions ignore ASCII case only (the cheap tests before them rely on it): a Kelvin sign is not a K.
        assertThat(scanner.find("export GITHUB_TO\u212AEN=" + value)).isEmpty();
        assertThat(SecretPatterns.containsIgnoringAsciiCase("x-PaSsWoRd", "password")).isTrue();
        assertThat(SecretPatterns.containsIgnoringAsciiCase("pas", "pass")).isFalse();
        assertThat(SecretPatterns.containsIgnoringAsciiCase("TO\u212AEN", "token")).isFalse();
    }

    @Test
    void ordinaryTraceContentIsNotASecret() {
        List<String> benign = List.of(
                "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
                "sha256:4a5b0f2c3d1e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a",
                "550e8400-e29b-41d4-a716-446655440000",
                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",
                "max_tokens=4096 temperature=0.2",
                "token = os.environ[\"GITHUB_TOKEN\"]",
                "def login(user: str, password: str) -> Session:",
                "secret_key = settings.SECRET_KEY",
                "password=getpass.getpass()",
                "pip install scikit-learn sk-video",
                "git clone git@github.com:acme/app.git",
                "curl https://example.test/api?page=2",
                "psql postgres://app:${DB_PASSWORD}@db/app",
                "Authorization: Bearer $TOKEN",
                "the tokenizer splits on whitespace; api_key: <your key here>",
                "private key handling is in crypto/keys.py");
        for (String text : benign) {
            assertThat(scanner.find(text)).as(text).isEmpty();
        }
        ObjectNode data = json("""
                {"model":"claude-sonnet-4","usage":{"inputTokens":1200,"outputTokens":80},
                 "exec":{"argv":["pytest","-q"],"cwd":"/workspace","env":{"PATH":"/usr/bin:/bin","HOME":"/root",
                   "GIT_COMMIT":"9fceb02d0ae598e95dc970b74767f19372d61af8","LANG":"C.UTF-8","TOKENIZERS_PARALLELISM":"false",
                   "PYTHONHASHSEED":"0"}},
                 "arguments":{"token_count":"42","password_file":"/run/secrets/db","max_tokens":"4096"}}""");
        assertThat(scanner.hits(event(data))).isEmpty();
    }

    @Test
    void hostileTextIsScannedInLinearTime() {
        List<String> hostile = List.of(
                "a_".repeat(500_000),
                "token".repeat(200_000) + "=",
                "sk-".repeat(300_000),
                "-----BEGIN PRIVATE KEY-----".repeat(30_000),
                "x://" + "a".repeat(1_000_000),
                "Authorization: Bearer ".repeat(40_000),
                "eyJ".repeat(300_000),
                "--password ".repeat(80_000));
        for (String text : hostile) {
            long start = System.nanoTime();
            scanner.find(text);
            SecretMasker.mask(text);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("scan of %s...", text.substring(0, 20))
                    .isLessThan(Duration.ofSeconds(3));
        }
    }

    @Test
    void aTraceCheckedAgainWithAMemoReportsWhatAScanWithoutItReports() {
        List<Event> events = new ArrayList<>();
        for (int k = 0; k < 6_000; k++) {
            events.add(event(k % 1000 == 0 ? env("OPENAI_API_KEY", OPENAI) : exec("ls " + k)));
        }
        int[] lines = IntStream.rangeClosed(1, events.size()).toArray();
        int[] shifted = IntStream.rangeClosed(1, events.size()).map(line -> line + (line > 2000 ? 5 : 0)).toArray();
        SweepMemo memo = new SweepMemo();

        assertThat(hits(events, lines, memo)).isEqualTo(hits(events, lines, null)).hasSize(6);
        assertThat(hits(events, lines, memo)).isEqualTo(hits(events, lines, null));
        assertThat(hits(events, shifted, memo)).as("hits are reported on the events' lines of this check")
                .isEqualTo(hits(events, shifted, null)).extracting(SecretHit::line).contains(3006L);
    }

    private static List<SecretHit> hits(List<Event> events, int[] lines, SweepMemo memo) {
        EventSweep sweep = new EventSweep(events, memo);
        Supplier<List<SecretHit>> hits = new SecretScanner().hitsDuring(sweep, lines);
        sweep.run();
        return hits.get();
    }
}
