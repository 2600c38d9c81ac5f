package dev.forkline.views;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The parts of views that logic can use without the GUI toolkit: the data the window reads (library, lineage, runs,
 * comparisons, replay backends), the state reconstruction, the inspector's descriptions and the background-work
 * contract. They must not reach JavaFX, directly or through another class, so that they run headless and can move to a
 * module of their own. (The timeline's model classes are toolkit-free too but share their package with the canvas.)
 */
class ToolkitFreeArchitectureTest {

    static final String[] TOOLKIT = {"javafx..", "org.controlsfx..", "atlantafx..", "org.kordamp.ikonli.."};

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.forkline.views");
    }

    @Test
    void dataStateAndInspectorDoNotReachTheToolkit() {
        noClasses().that().resideInAnyPackage("dev.forkline.views.data..", "dev.forkline.views.state..", "dev.forkline.views.inspector..")
                .should().transitivelyDependOnClassesThat().resideInAnyPackage(TOOLKIT)
                .because("they are the window's logic: usable headless and testable without the FX toolkit")
                .check(classes);
    }

    @Test
    void theBackgroundWorkContractDoesNotReachTheToolkit() {
        noClasses().that().resideInAPackage("dev.forkline.views.concurrent..").and().doNotHaveSimpleName("FxTaskExecutor")
                .should().transitivelyDependOnClassesThat().resideInAnyPackage(TOOLKIT)
                .because("view models and tests run tasks through it without an FX thread; only FxTaskExecutor hands results to it")
                .check(classes);
    }

    @Test
    void toolkitFreePackagesDoNotDependOnTheWindow() {
        noClasses().that().resideInAnyPackage("dev.forkline.views.data..", "dev.forkline.views.state..", "dev.forkline.views.inspector..",
                        "dev.forkline.views.concurrent..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.forkline.views.viewmodel..", "dev.forkline.views.shell..")
                .check(classes);
    }
}
