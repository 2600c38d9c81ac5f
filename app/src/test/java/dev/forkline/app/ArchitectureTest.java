package dev.forkline.app;

import static com.tngtech.archunit.base.DescribedPredicate.or;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameStartingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph and what each module may use, as docs/architecture.md draws it: trace core ← trace analysis ← trace
 * store; importers and replay-engine on core and analysis; views on all of them; app on views. Maven refuses cycles
 * between modules; these rules also hold the packages inside each module to their place (the trace modules share the
 * {@code dev.forkline.trace} prefix, so a module is named here by its packages), keep the libraries each module may
 * use to the ones its pom declares for that purpose, and keep logic headless (JabRef's doNotUseGuiInLogic).
 */
class ArchitectureTest {

    /** trace/core: the model and codec (the top package), bundles, columns, the index, verification, export. */
    static final String[] TRACE_CORE = {"dev.forkline.trace", "dev.forkline.trace.bundle..", "dev.forkline.trace.columns..",
            "dev.forkline.trace.index..", "dev.forkline.trace.verify..", "dev.forkline.trace.export..", "dev.forkline.trace.payload.."};
    /** trace/analysis: what is read out of a trace. */
    static final String[] TRACE_ANALYSIS = {"dev.forkline.trace.state..", "dev.forkline.trace.recovery..",
            "dev.forkline.trace.decision..", "dev.forkline.trace.decide..", "dev.forkline.trace.integrity..",
            "dev.forkline.trace.gate..", "dev.forkline.trace.lint..", "dev.forkline.trace.secrets..", "dev.forkline.trace.report.."};
    /** trace/store: the H2 library. */
    static final String TRACE_STORE = "dev.forkline.trace.store..";
    static final String[] JACKSON = {"com.fasterxml.jackson.core..", "com.fasterxml.jackson.databind..", "com.fasterxml.jackson.annotation.."};
    static final String[] GUI_TOOLKIT = {"javafx..", "org.controlsfx..", "atlantafx..", "org.kordamp.ikonli..", "org.testfx.."};
    /** The Docker implementation of the sandbox seam ({@code SandboxBackend}, {@code Sandbox}). */
    static final String DOCKER_BACKEND = "dev.forkline.replay.docker..";
    /** views/model: what the window shows, without the toolkit (its Maven module has no JavaFX on its class path). */
    static final String[] VIEWS_MODEL = {"dev.forkline.views.data..", "dev.forkline.views.inspector..", "dev.forkline.views.state..",
            "dev.forkline.views.compare..", "dev.forkline.views.concurrent..", "dev.forkline.views.timeline", "dev.forkline.views.timeline.geometry.."};
    static final String[] LOGIC = join(new String[] {"dev.forkline.trace..", "dev.forkline.importers..", "dev.forkline.replay..",
            "dev.forkline.live.."}, VIEWS_MODEL);

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // the trace modules' test jars (shared test support) are on this module's test class path
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("dev.forkline");
    }

    /**
     * No cycle between the packages of any module (nor across modules): each package directly below a module's top
     * package is a slice. A module's top package (its entry point, e.g. {@code Importers}) is not a slice.
     */
    @Test
    void noPackageCycles() {
        slices().matching("dev.forkline.(*).(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void traceCoreUsesOnlyTheJdkJacksonAndCommonsCompress() {
        classes().that().resideInAnyPackage(TRACE_CORE)
                .should().onlyDependOnClassesThat().resideInAnyPackage(join(TRACE_CORE, JACKSON, "java..", "org.apache.commons.compress.."))
                .because("trace/core is the model every other module reads: it needs no analysis, store or YAML")
                .check(classes);
    }

    @Test
    void traceAnalysisUsesOnlyCoreAndJacksonWithYaml() {
        classes().that().resideInAnyPackage(TRACE_ANALYSIS)
                .should().onlyDependOnClassesThat().resideInAnyPackage(join(TRACE_CORE, TRACE_ANALYSIS, JACKSON, "java..",
                        "com.fasterxml.jackson.dataformat.yaml..", "org.yaml.snakeyaml..",
                        "javax.crypto..")) // owner keys are encrypted with the JDK's PBES2 (PassphraseCipher)
                .because("analysis reads traces and recovery contracts (YAML); it never touches the store")
                .check(classes);
    }

    @Test
    void traceStoreUsesCoreAnalysisH2PostgresqlFlywayHikariAndSlf4j() {
        classes().that().resideInAPackage(TRACE_STORE)
                .should().onlyDependOnClassesThat().resideInAnyPackage(join(TRACE_CORE, TRACE_ANALYSIS, JACKSON, TRACE_STORE,
                        "java..", "javax.sql..", "org.h2..", "org.postgresql..", "com.zaxxer.hikari..", "org.flywaydb..", "org.slf4j.."))
                .check(classes);
    }

    @Test
    void importersAndReplayEngineNeverUseTheStore() {
        noClasses().that().resideInAnyPackage("dev.forkline.importers..", "dev.forkline.replay..")
                .should().dependOnClassesThat().resideInAnyPackage(TRACE_STORE, "org.h2..", "org.postgresql..", "org.flywaydb..")
                .because("importing and replaying work on bundles; only views, app and benchmarks open the store")
                .check(classes);
    }

    /** The store is the only way into the database, so its single writer thread is the database's only writer. */
    @Test
    void onlyTheStoreTalksToTheDatabase() {
        noClasses().that().resideOutsideOfPackage(TRACE_STORE)
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..", "org.h2..", "org.flywaydb..")
                .because("writes go through TraceStore, one transaction at a time on its writer thread")
                .check(classes);
    }

    /**
     * View models never start threads or touch the FX thread themselves: background work and the hand-back to the UI
     * thread go through the TaskExecutor, which tests replace with one that runs everything on the test's thread.
     */
    @Test
    void viewModelsReachOtherThreadsOnlyThroughTheTaskExecutor() {
        noClasses().that().resideInAPackage("dev.forkline.views.viewmodel..")
                .should().dependOnClassesThat().haveFullyQualifiedName("javafx.application.Platform")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.Executors")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ExecutorService")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ForkJoinPool")
                .orShould().callConstructor(Thread.class, Runnable.class)
                .orShould().callConstructor(Thread.class, Runnable.class, String.class)
                .check(classes);
    }

    @Test
    void theViewsModelDoesNotDependOnTheWindow() {
        noClasses().that().resideInAnyPackage(VIEWS_MODEL)
                .should().dependOnClassesThat().resideInAnyPackage("dev.forkline.views", "dev.forkline.views.viewmodel..",
                        "dev.forkline.views.shell..", "dev.forkline.views.timeline.render..")
                .because("views/model is below the window: the window uses it, never the other way round")
                .check(classes);
    }

    @Test
    void logicModulesDoNotUseTheGuiToolkit() {
        noClasses().that().resideInAnyPackage(LOGIC)
                .should().dependOnClassesThat().resideInAnyPackage(GUI_TOOLKIT)
                .because("logic modules must run headless and be testable without the FX toolkit")
                .check(classes);
    }

    @Test
    void traceDependsOnNoOtherForklineModule() {
        noClasses().that().resideInAPackage("dev.forkline.trace..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.forkline.importers..", "dev.forkline.replay..",
                        "dev.forkline.views..", "dev.forkline.app..")
                .check(classes);
    }

    @Test
    void importersAndReplayEngineDependOnlyOnTrace() {
        noClasses().that().resideInAPackage("dev.forkline.importers..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.forkline.replay..", "dev.forkline.views..", "dev.forkline.app..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.forkline.replay..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.forkline.importers..", "dev.forkline.views..", "dev.forkline.app..")
                .check(classes);
    }

    @Test
    void liveCaptureDependsOnlyOnTraceAndImporters() {
        noClasses().that().resideInAPackage("dev.forkline.live..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.forkline.replay..", "dev.forkline.views..", "dev.forkline.app..")
                .check(classes);
    }

    @Test
    void viewsDoNotDependOnTheApplication() {
        noClasses().that().resideInAPackage("dev.forkline.views..")
                .should().dependOnClassesThat().resideInAPackage("dev.forkline.app..")
                .check(classes);
    }

    /**
     * The sandbox seam stays a seam: only the Docker backend ({@code dev.forkline.replay.docker}, its
     * {@code DockerEngine} implementing {@code SandboxBackend}) uses docker-java, so a cluster backend (docs/scale.md)
     * is a drop-in beside it. Everyone else (the replay logic, the window, the commands, the benchmarks) reaches an
     * engine through {@code SandboxBackend} and {@code Sandbox}; the app, the window and the benchmarks only pick the
     * Docker backend ({@code DockerEngine.connect}, {@code shared()}).
     */
    @Test
    void onlyTheDockerBackendUsesDockerJava() {
        noClasses().that().resideOutsideOfPackage(DOCKER_BACKEND)
                .should().dependOnClassesThat().resideInAPackage("com.github.dockerjava..")
                .because("containers are driven through SandboxBackend and Sandbox; docker-java is the Docker backend's own")
                .check(classes);
    }

    /**
     * The replay logic (engine, fan-out, the prepared pool, the sandbox contract itself) never names the Docker backend:
     * it is handed a {@code SandboxBackend}. The scenario recorder's {@code ScenarioRecorder} is the one exception: its
     * command-line {@code main} and {@code record} pick the environment's Docker engine, as the app's commands do.
     */
    @Test
    void theReplayLogicReachesEnginesOnlyThroughTheSandboxBackend() {
        noClasses().that().resideInAPackage("dev.forkline.replay..").and().resideOutsideOfPackage(DOCKER_BACKEND)
                .and().doNotHaveFullyQualifiedName("dev.forkline.replay.scenario.ScenarioRecorder")
                .should().dependOnClassesThat().resideInAPackage(DOCKER_BACKEND)
                .because("a replay runs on whatever SandboxBackend it is given, so another backend is a drop-in")
                .check(classes);
    }

    /**
     * SLF4J is the one logging API (the app binds it to logback and its log file). {@code Main} is the one class that
     * touches java.util.logging: to quiet the JavaFX platform's own logger, not to log.
     */
    @Test
    void oneLoggingApi() {
        noClasses().that().resideInAPackage("dev.forkline..").and().doNotHaveFullyQualifiedName(Main.class.getName())
                .should().dependOnClassesThat(or(nameStartingWith(System.Logger.class.getName()),
                        resideInAPackage("java.util.logging.."), resideInAPackage("org.apache.logging.."),
                        resideInAPackage("org.apache.commons.logging..")))
                .because("logging goes through SLF4J everywhere, so every message reaches the same log")
                .check(classes);
        noClasses().that().resideInAPackage("dev.forkline..").and().doNotHaveFullyQualifiedName(LogConfiguration.class.getName())
                .should().dependOnClassesThat().resideInAPackage("ch.qos.logback..")
                .because("code logs through the SLF4J API; only the app's log configuration knows logback")
                .check(classes);
    }

    private static String[] join(Object... parts) {
        return Arrays.stream(parts)
                .flatMap(part -> part instanceof String[] array ? Arrays.stream(array) : Stream.of((String) part))
                .toArray(String[]::new);
    }
}
