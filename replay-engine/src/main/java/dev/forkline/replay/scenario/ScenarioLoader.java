package dev.forkline.replay.scenario;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.forkline.replay.sandbox.WorkspacePaths;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads and checks a scenario file; every mistake is reported with the file name before anything runs. */
public final class ScenarioLoader {

    private static final ObjectMapper YAML = JsonMapper.builder(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private static final Set<String> EFFECTS = Set.of("read", "workspace", "process", "external", "privileged");
    private static final Set<String> BOUNDARIES = Set.of("network", "filesystem", "privilege", "process", "resource");

    private ScenarioLoader() {
    }

    public static Scenario load(Path file) throws IOException {
        if (Files.size(file) > 1024 * 1024) {
            throw new ScenarioException(file + ": a scenario file is limited to 1 MiB");
        }
        Scenario scenario;
        try {
            scenario = YAML.readValue(file.toFile(), Scenario.class);
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new ScenarioException(file + ": " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"), e);
        }
        String name = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        scenario = scenario.withName(scenario.name() == null ? name : scenario.name());
        validate(scenario, file.toString());
        return scenario;
    }

    static void validate(Scenario s, String file) {
        require(s.title() != null && !s.title().isBlank(), file, "a scenario needs a title");
        require(!s.agents().isEmpty(), file, "a scenario needs at least one agent");
        require(s.model() != null && s.model().model() != null, file, "a scenario needs model.model");
        for (Scenario.FileSpec spec : s.workspace()) {
            try {
                WorkspacePaths.normalize(spec.path());
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(file + ": " + e.getMessage());
            }
            require(spec.content() != null, file, "workspace file " + spec.path() + " has no content");
        }
        Set<String> ids = new HashSet<>(Set.of("cp-initial"));
        checkSteps(s, s.steps(), ids, file);
        if (s.recovery() != null) {
            Scenario.Recovery r = s.recovery();
            require("fork".equals(r.mode()) || "revert".equals(r.mode()), file, "recovery.mode must be fork or revert");
            require(ids.contains(r.from()), file, "recovery.from '" + r.from() + "' is not a checkpoint id of the steps");
            for (Scenario.Edit edit : r.edits()) {
                require(ids.contains(edit.id()), file, "recovery edit for unknown step id '" + edit.id() + "'");
            }
            checkSteps(s, r.steps(), new HashSet<>(), file);
        }
    }

    private static void checkSteps(Scenario s, List<Scenario.Step> steps, Set<String> ids, String file) {
        for (int i = 0; i < steps.size(); i++) {
            Scenario.Step step = steps.get(i);
            String where = file + ": step " + (i + 1);
            String kind;
            try {
                kind = step.kind();
            } catch (IllegalArgumentException e) {
                throw new ScenarioException(where + ": " + e.getMessage());
            }
            String id = step.id();
            if (id != null) {
                require(ids.add(id), where, "duplicate step id '" + id + "'");
            }
            switch (kind) {
                case "model" -> agent(s, step.model().agent(), where);
                case "tool" -> {
                    agent(s, step.tool().agent(), where);
                    require(step.tool().callId() != null && step.tool().command() != null, where, "a tool step needs callId and command");
                    require(step.tool().effect() == null || EFFECTS.contains(step.tool().effect()), where, "unknown effect " + step.tool().effect());
                }
                case "fetch" -> {
                    agent(s, step.fetch().agent(), where);
                    standIn(s, step.fetch().standIn(), "fixture", where);
                    require(step.fetch().callId() != null, where, "a fetch needs a callId");
                }
                case "external" -> {
                    agent(s, step.external().agent(), where);
                    standIn(s, step.external().standIn(), "outbox", where);
                    require(step.external().callId() != null, where, "an external step needs a callId");
                    require("deliver".equals(step.external().action()) || "lookup".equals(step.external().action()), where,
                            "external.action must be deliver or lookup");
                }
                case "checkpoint" -> require(step.checkpoint().id() != null && step.checkpoint().label() != null, where,
                        "a checkpoint needs id and label");
                case "fault" -> require(step.fault().id() != null && (step.fault().path() != null || step.fault().error() != null),
                        where, "a fault needs an id and a path (file fault) or an error");
                case "escape" -> {
                    agent(s, step.escape().agent(), where);
                    require(BOUNDARIES.contains(step.escape().boundary()), where, "unknown boundary " + step.escape().boundary());
                    require(step.escape().callId() != null && step.escape().command() != null, where, "an escape needs callId and command");
                }
                case "message" -> agent(s, step.message().from(), where);
                case "handoff" -> agent(s, step.handoff().from(), where);
                default -> throw new ScenarioException(where + ": unknown step kind " + kind);
            }
        }
    }

    private static void agent(Scenario s, String agent, String where) {
        require(agent != null && s.agents().contains(agent), where, "agent '" + agent + "' is not declared in agents");
    }

    private static void standIn(Scenario s, String name, String kind, String where) {
        Scenario.StandIn standIn = s.standIns().get(name);
        require(standIn != null, where, "stand-in '" + name + "' is not declared in standIns");
        require(kind.equals(standIn.kind()), where, "stand-in '" + name + "' is a " + standIn.kind() + ", not a " + kind);
    }

    private static void require(boolean condition, String where, String message) {
        if (!condition) {
            throw new ScenarioException(where + ": " + message);
        }
    }
}
