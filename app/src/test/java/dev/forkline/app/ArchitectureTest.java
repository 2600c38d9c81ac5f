package dev.forkline.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph is trace ← importers, replay-engine ← views ← app, and logic never touches the GUI toolkit
 * (JabRef's doNotUseGuiInLogic). Maven already refuses cycles between modules; these rules also catch a dependency
 * that points against the direction through the package structure.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.forkline");
    }

    @Test
    void logicModulesDoNotUseJavaFxScenesOrStages() {
        noClasses().that().resideInAnyPackage("dev.forkline.trace..", "dev.forkline.importers..", "dev.forkline.replay..",
                        "dev.forkline.live..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "javafx.application..",
                        "javafx.embed..", "org.controlsfx..", "atlantafx..", "org.kordamp.ikonli..")
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
}
