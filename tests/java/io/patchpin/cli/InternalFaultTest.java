package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An internal fault (here a corrupt object in the superproject's object database, which is not bad input:
 * nothing the user typed or wrote is wrong) exits 70 with one line on stderr; its stack trace comes only
 * with {@code --stacktrace}.
 */
class InternalFaultTest {
    static final String PRE_HOOK = TheRockFixture.PRE_HOOK;

    @TempDir
    Path tmp;

    @Test
    void aCorruptObjectIsExitSeventyWithOneLineAndATraceOnlyOnRequest() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo rock = fx.therock; // commits made by C git: loose objects, one file each
        String repo = rock.dir().toString();
        String set = tmp.resolve("patchsets/mine").toString();
        ok("new", set, "--repo", repo);
        Entries.nvptx(set, repo);
        String blob = rock.id("HEAD:" + PRE_HOOK);
        Path loose = rock.dir().resolve(".git/objects/" + blob.substring(0, 2) + "/" + blob.substring(2));
        Files.setPosixFilePermissions(loose, PosixFilePermissions.fromString("rw-r--r--"));
        Files.writeString(loose, "not a git object at all\n", StandardCharsets.UTF_8);

        Cli.Run plain = Cli.run("verify", set, "--repo", repo, "--rev", "HEAD");
        assertThat(plain.exit()).as(plain.out() + plain.err()).isEqualTo(70);
        assertThat(plain.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: internal error: ")
                .contains(PRE_HOOK)
                .endsWith("(run with --stacktrace for details)");
        assertThat(plain.out()).isEmpty();

        Cli.Run traced = Cli.run("verify", set, "--repo", repo, "--rev", "HEAD", "--stacktrace");
        assertThat(traced.exit()).isEqualTo(70);
        assertThat(traced.errLines().get(0))
                .startsWith("patchpin: internal error: ")
                .doesNotContain("--stacktrace");
        assertThat(traced.err()).contains("\tat io.patchpin.").contains("Caused by: ");
    }

    @Test
    void badInputUnderStacktraceStillNamesTheFileFirstAndKeepsExitTwo() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        String set = tmp.resolve("patchsets/broken").toString();
        Files.createDirectories(Path.of(set));
        Files.writeString(Path.of(set, "patchset.toml"), "format = 1\nname = [\n", StandardCharsets.UTF_8);
        Cli.Run plain = Cli.run("verify", set, "--repo", fx.therock.dir());
        assertThat(plain.exit()).isEqualTo(2);
        assertThat(plain.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: ")
                .contains("patchset.toml");
        Cli.Run traced = Cli.run("verify", set, "--repo", fx.therock.dir(), "--stacktrace");
        assertThat(traced.exit()).isEqualTo(2);
        assertThat(traced.errLines().get(0)).isEqualTo(plain.errLines().get(0));
        assertThat(traced.err()).contains("\tat io.patchpin.");
    }
}
