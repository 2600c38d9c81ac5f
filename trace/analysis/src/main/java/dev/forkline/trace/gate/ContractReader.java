package dev.forkline.trace.gate;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.forkline.trace.decision.Owners;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads a recovery contract (YAML, or JSON, which YAML reads as well) strictly: unknown keys, duplicate keys, wrong
 * types, missing required fields and impossible values are errors that name the file, line and column.
 */
public final class ContractReader {

    /** A contract larger than this is refused. */
    public static final int MAX_BYTES = 1024 * 1024;

    private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");
    private static final Pattern FINGERPRINT = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern SCENARIO_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final String file;
    private final Map<String, JsonLocation> locations;

    private ContractReader(String file, Map<String, JsonLocation> locations) {
        this.file = file;
        this.locations = locations;
    }

    public static Contract read(Path path) throws IOException, ContractException {
        if (Files.size(path) > MAX_BYTES) {
            throw new ContractException(path.toString(), 0, 0, "the contract is larger than " + MAX_BYTES + " bytes");
        }
        return parse(Files.readString(path, StandardCharsets.UTF_8), path.toString());
    }

    public static Contract parse(String text, String file) throws ContractException {
        ObjectMapper mapper = mapper();
        Map<String, JsonLocation> locations = new HashMap<>();
        JsonNode root;
        try {
            try (JsonParser parser = mapper.getFactory().createParser(text)) {
                for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                    locations.putIfAbsent(parser.getParsingContext().pathAsPointer().toString(), parser.currentTokenLocation());
                }
            }
            root = mapper.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ContractException(file, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                    "not valid YAML: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ContractException(file, 0, 0, "cannot be read: " + e.getMessage());
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new ContractException(file, 0, 0, "the contract is empty");
        }
        return new ContractReader(file, locations).contract(root);
    }

    private static ObjectMapper mapper() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(20);
        options.setAllowDuplicateKeys(false);
        options.setCodePointLimit(MAX_BYTES);
        YAMLFactory factory = YAMLFactory.builder()
                .loaderOptions(options)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        return new YAMLMapper(factory);
    }

    private Contract contract(JsonNode root) throws ContractException {
        object(root, "", Set.of("contract", "isolation", "retention", "checkpointCadence", "revert", "owner",
                "recoveryTimeBound", "scenarios", "escapes"));
        String name = text(root, "", "contract", true);
        Contract.Isolation isolation = isolation(required(root, "", "isolation"), "/isolation");
        Duration retention = duration(root, "", "retention", true);
        Contract.Cadence cadence = cadence(required(root, "", "checkpointCadence"), "/checkpointCadence");
        Contract.Revert revert = revert(required(root, "", "revert"), "/revert");
        Contract.Owner owner = owner(required(root, "", "owner"), "/owner");
        Duration bound = duration(root, "", "recoveryTimeBound", true);
        List<Contract.Scenario> scenarios = scenarios(required(root, "", "scenarios"), "/scenarios");
        Contract.Escapes escapes = root.has("escapes") ? escapes(root.get("escapes"), "/escapes") : Contract.Escapes.NONE;
        return new Contract(name, file, isolation, retention, cadence, revert, owner, bound, scenarios, escapes);
    }

    private Contract.Escapes escapes(JsonNode node, String at) throws ContractException {
        object(node, at, Set.of("waitFor", "onTimeout", "rules"));
        Duration wait = duration(node, at, "waitFor", false);
        String onTimeout = text(node, at, "onTimeout", false);
        JsonNode list = required(node, at, "rules");
        if (!list.isArray()) {
            throw error(at + "/rules", "escapes.rules must be a list");
        }
        List<Contract.EscapeRule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            String here = at + "/rules/" + i;
            JsonNode entry = list.get(i);
            object(entry, here, Set.of("id", "kind", "match"));
            String id = text(entry, here, "id", true);
            if (!SCENARIO_ID.matcher(id).matches()) {
                throw error(here + "/id", "a rule id is 1-64 characters from A-Z a-z 0-9 . _ - starting with a letter or digit");
            }
            if (!ids.add(id)) {
                throw error(here + "/id", "rule id '" + id + "' is used twice");
            }
            String kind = text(entry, here, "kind", true);
            if (!Contract.EscapeRule.KINDS.contains(kind)) {
                throw error(here + "/kind", "an escape rule's kind must be one of " + Contract.EscapeRule.KINDS + ", not '" + kind + "'");
            }
            List<String> patterns = entry.has("match") ? strings(entry.get("match"), here + "/match") : List.of();
            if ((kind.equals("tool") || kind.equals("command")) && patterns.isEmpty()) {
                throw error(here, "a '" + kind + "' rule needs 'match': the " + (kind.equals("tool") ? "tool names" : "commands") + " it names");
            }
            if ((kind.equals("outsideProject")) && !patterns.isEmpty()) {
                throw error(here + "/match", "an 'outsideProject' rule takes no 'match'");
            }
            rules.add(new Contract.EscapeRule(id, kind, patterns));
        }
        return new Contract.Escapes(wait == null ? Contract.Escapes.DEFAULT_WAIT : wait, onTimeout, rules);
    }

    private Contract.Isolation isolation(JsonNode node, String at) throws ContractException {
        object(node, at, Set.of("image", "network", "user", "readOnlyRoot", "noNewPrivileges", "capDrop", "limits"));
        List<String> capDrop = null;
        if (node.has("capDrop")) {
            capDrop = strings(node.get("capDrop"), at + "/capDrop");
        }
        Map<String, Long> limits = new LinkedHashMap<>();
        if (node.has("limits")) {
            JsonNode limitNode = node.get("limits");
            object(limitNode, at + "/limits", Set.copyOf(Contract.Isolation.LIMIT_NAMES));
            for (Iterator<String> names = limitNode.fieldNames(); names.hasNext(); ) {
                String limit = names.next();
                limits.put(limit, positiveLong(limitNode, at + "/limits", limit));
            }
        }
        return new Contract.Isolation(text(node, at, "image", false), text(node, at, "network", false),
                text(node, at, "user", false), bool(node, at, "readOnlyRoot"), bool(node, at, "noNewPrivileges"), capDrop, limits);
    }

    private Contract.Cadence cadence(JsonNode node, String at) throws ContractException {
        object(node, at, Set.of("maxToolCalls", "maxInterval"));
        Integer calls = node.has("maxToolCalls") ? Math.toIntExact(Math.min(Integer.MAX_VALUE, positiveLong(node, at, "maxToolCalls"))) : null;
        Duration interval = duration(node, at, "maxInterval", false);
        if (calls == null && interval == null) {
            throw error(at, "checkpointCadence needs maxToolCalls, maxInterval or both");
        }
        return new Contract.Cadence(calls, interval);
    }

    private Contract.Revert revert(JsonNode node, String at) throws ContractException {
        object(node, at, Set.of("mechanism", "maxDuration"));
        String mechanism = text(node, at, "mechanism", true);
        if (!Contract.Revert.MECHANISMS.contains(mechanism)) {
            throw error(at + "/mechanism", "revert.mechanism must be one of " + Contract.Revert.MECHANISMS + ", not '" + mechanism + "'");
        }
        return new Contract.Revert(mechanism, duration(node, at, "maxDuration", false));
    }

    private Contract.Owner owner(JsonNode node, String at) throws ContractException {
        object(node, at, Set.of("name", "keyFingerprint"));
        String name = text(node, at, "name", true);
        try {
            Owners.requireValid(name);
        } catch (IllegalArgumentException e) {
            throw error(at + "/name", e.getMessage());
        }
        String fingerprint = text(node, at, "keyFingerprint", false);
        if (fingerprint != null && !FINGERPRINT.matcher(fingerprint).matches()) {
            throw error(at + "/keyFingerprint", "owner.keyFingerprint must be sha256: followed by 64 lowercase hex digits");
        }
        return new Contract.Owner(name, fingerprint);
    }

    private List<Contract.Scenario> scenarios(JsonNode node, String at) throws ContractException {
        if (!node.isArray()) {
            throw error(at, "scenarios must be a list");
        }
        List<Contract.Scenario> scenarios = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < node.size(); i++) {
            String here = at + "/" + i;
            JsonNode entry = node.get(i);
            object(entry, here, Set.of("id", "name", "match"));
            String id = text(entry, here, "id", true);
            if (!SCENARIO_ID.matcher(id).matches()) {
                throw error(here + "/id", "a scenario id is 1-64 characters from A-Z a-z 0-9 . _ - starting with a letter or digit");
            }
            if (!ids.add(id)) {
                throw error(here + "/id", "scenario id '" + id + "' is used twice");
            }
            String name = text(entry, here, "name", false);
            scenarios.add(new Contract.Scenario(id, name == null ? id : name, match(required(entry, here, "match"), here + "/match")));
        }
        return scenarios;
    }

    private Contract.TraceMatch match(JsonNode node, String at) throws ContractException {
        object(node, at, Set.of("traceId", "title", "tag"));
        String traceId = text(node, at, "traceId", false);
        String title = text(node, at, "title", false);
        String tag = text(node, at, "tag", false);
        if (traceId == null && title == null && tag == null) {
            throw error(at, "match needs traceId, title or tag");
        }
        Pattern titlePattern = null;
        if (title != null) {
            try {
                titlePattern = Pattern.compile(title, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
            } catch (PatternSyntaxException e) {
                throw error(at + "/title", "match.title is not a valid regular expression: " + e.getDescription());
            }
        }
        return new Contract.TraceMatch(traceId, titlePattern, tag);
    }

    private void object(JsonNode node, String at, Set<String> allowed) throws ContractException {
        if (node == null || !node.isObject()) {
            throw error(at, (at.isEmpty() ? "the contract" : "'" + fieldOf(at) + "'") + " must be a mapping (key: value lines)");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw error(at + "/" + name, "unknown key '" + name + "'" + (at.isEmpty() ? "" : " in " + fieldOf(at))
                        + " (expected one of " + allowed.stream().sorted().toList() + ")");
            }
        }
    }

    private JsonNode required(JsonNode node, String at, String field) throws ContractException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw error(at, "missing '" + field + "'" + (at.isEmpty() ? "" : " in " + fieldOf(at)));
        }
        return value;
    }

    private String text(JsonNode node, String at, String field, boolean needed) throws ContractException {
        JsonNode value = needed ? required(node, at, field) : node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() && !value.isNumber()) {
            throw error(at + "/" + field, "'" + field + "' must be text");
        }
        String text = value.asText().strip();
        if (text.isEmpty()) {
            throw error(at + "/" + field, "'" + field + "' must not be empty");
        }
        return text;
    }

    private Boolean bool(JsonNode node, String at, String field) throws ContractException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw error(at + "/" + field, "'" + field + "' must be true or false");
        }
        return value.booleanValue();
    }

    private long positiveLong(JsonNode node, String at, String field) throws ContractException {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() <= 0) {
            throw error(at + "/" + field, "'" + field + "' must be a positive whole number");
        }
        return value.asLong();
    }

    private List<String> strings(JsonNode node, String at) throws ContractException {
        if (!node.isArray()) {
            throw error(at, "'" + fieldOf(at) + "' must be a list of text");
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            if (!node.get(i).isTextual()) {
                throw error(at + "/" + i, "'" + fieldOf(at) + "' must be a list of text");
            }
            values.add(node.get(i).textValue());
        }
        return values;
    }

    /** {@code 90d}, {@code 5m}, {@code 30s}, {@code 1500ms}, {@code 2h}, or ISO-8601 ({@code PT5M}, {@code P90D}). */
    private Duration duration(JsonNode node, String at, String field, boolean needed) throws ContractException {
        String text = text(node, at, field, needed);
        if (text == null) {
            return null;
        }
        Duration duration = parseDuration(text);
        if (duration == null) {
            throw error(at + "/" + field, "'" + field + "' is not a duration: '" + text
                    + "' (write e.g. 90d, 5m, 30s, 1500ms, 2h, or ISO-8601 like PT5M)");
        }
        if (duration.isNegative() || duration.isZero()) {
            throw error(at + "/" + field, "'" + field + "' must be longer than zero");
        }
        return duration;
    }

    static Duration parseDuration(String text) {
        Matcher short_ = SHORT_DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (short_.matches()) {
            long amount;
            try {
                amount = Long.parseLong(short_.group(1));
            } catch (NumberFormatException e) {
                return null;
            }
            return switch (short_.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
        }
        try {
            return Duration.parse(text.strip().toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException | ArithmeticException e) {
            return null;
        }
    }

    private ContractException error(String pointer, String message) {
        JsonLocation location = null;
        for (String at = pointer; location == null; at = at.substring(0, Math.max(0, at.lastIndexOf('/')))) {
            location = locations.get(at);
            if (at.isEmpty()) {
                break;
            }
        }
        return new ContractException(file, location == null ? 0 : location.getLineNr(), location == null ? 0 : location.getColumnNr(), message);
    }

    private static String fieldOf(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1);
    }
}
