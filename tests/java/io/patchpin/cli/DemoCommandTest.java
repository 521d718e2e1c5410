package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import org.junit.jupiter.api.Test;

class DemoCommandTest {

    @Test
    void demoRunsTheWholeStoryAndEveryStepGivesItsExitCode() {
        Cli.Run r = Cli.ok("demo");
        assertThat(r.out())
                .contains(
                        "ALREADY_APPLIED",
                        "DRIFTED",
                        "CONFLICT",
                        "Derive parallel jobs from available memory",
                        "moved",
                        "demo finished: every step gave the exit code it should.");
        assertThat(r.out()).doesNotContain(System.getProperty("java.io.tmpdir") + "/patchpin-demo-");
    }
}
