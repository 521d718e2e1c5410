package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** --version says the version and the commit the build came from, "unknown" where the build could not tell. */
class VersionProviderTest {
    static final String COMMIT = "7e44ced0123456789abcdef0123456789abcdef0";

    static Properties built(String version, String commit) {
        Properties p = new Properties();
        p.setProperty("version", version);
        p.setProperty("commit", commit);
        return p;
    }

    @Test
    void aCleanCheckoutGivesTheVersionAndTheCommit() {
        assertThat(VersionProvider.lines(built("0.1.0", COMMIT))).containsExactly("patchpin 0.1.0", "commit " + COMMIT);
    }

    @Test
    void uncommittedEditsAreSaid() {
        assertThat(VersionProvider.lines(built("0.1.0", COMMIT + "-dirty")))
                .containsExactly("patchpin 0.1.0", "commit " + COMMIT + " (with uncommitted changes)");
    }

    @Test
    void aBuildOutsideAGitCheckoutSaysUnknown() {
        // resource filtering leaves a property the build did not set as it was written
        assertThat(VersionProvider.lines(built("0.1.0", "${patchpin.commit}")))
                .containsExactly("patchpin 0.1.0", "commit unknown");
        assertThat(VersionProvider.lines(built("0.1.0", ""))).containsExactly("patchpin 0.1.0", "commit unknown");
        assertThat(VersionProvider.lines(new Properties())).containsExactly("patchpin unknown", "commit unknown");
    }

    @Test
    void theBuiltClassesCarryTheirVersion() {
        Cli.Run v = Cli.ok("--version");
        assertThat(v.out().lines()).hasSize(2);
        assertThat(v.out().lines().findFirst())
                .hasValueSatisfying(l -> assertThat(l).matches("patchpin \\d+\\.\\d+\\.\\d+.*"));
        assertThat(v.out().lines().skip(1).findFirst()).hasValueSatisfying(l -> assertThat(l)
                .matches("commit ([0-9a-f]{40}( \\(with uncommitted changes\\))?|unknown)"));
    }
}
