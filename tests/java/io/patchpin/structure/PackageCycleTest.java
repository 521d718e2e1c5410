package io.patchpin.structure;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Locations;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The package graph, read from the compiled classes: packages by concept, no cycle between them, cli a leaf. */
class PackageCycleTest {
    private static JavaClasses classes;

    @BeforeAll
    static void load() {
        // only our own classes: resolving JGit, picocli and the JDK from the class path adds nothing to the graph
        ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importLocations(Locations.ofPackage("io.patchpin").stream()
                        .filter(l -> !l.asURI().toString().contains("test-classes")).toList());
    }

    @Test
    void noCycleBetweenPackages() {
        assertThat(classes.contain("io.patchpin.cli.Main")).as("the compiled classes are read").isTrue();
        slices().matching("io.patchpin.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void nothingImportsCli() {
        noClasses().that().resideOutsideOfPackage("io.patchpin.cli..").should().dependOnClassesThat()
                .resideInAPackage("io.patchpin.cli..").check(classes);
    }

    @Test
    void checkSitsBelowTheCheckers() {
        noClasses().that().resideInAPackage("io.patchpin.check..").should().dependOnClassesThat()
                .resideInAnyPackage("io.patchpin.patch..", "io.patchpin.rewrite..", "io.patchpin.verify..",
                        "io.patchpin.rebase..", "io.patchpin.apply..", "io.patchpin.lock..")
                .check(classes);
    }
}
