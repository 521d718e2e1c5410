package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: exit 2, one line on stderr naming the file (and line), nothing written. */
class LockBadInputTest {
    private static final String ROOT = "format = 1\n[[root]]\nname = \"TheRock\"\nurl = \"u\"\nref = \"main\"\n";

    @TempDir
    Path tmp;

    Repo work;
    Path out;

    @BeforeEach
    void workspace() {
        work = TheRockFixture.create(tmp).cloneWorkTree("work");
        out = tmp.resolve("out.lock.toml");
    }

    @Test
    void malformedPinsTomlNamesFileAndLine() throws IOException {
        Path pins = write("pins/bad.toml", "format = 1\n[[root]]\nname = \"TheRock\nurl = 3\n");
        assertBad(lock("--pins", pins.toString()), pins + ":3:");
    }

    @Test
    void newerFormatIsRefused() throws IOException {
        Path pins = write("pins/new.toml", ROOT.replace("format = 1", "format = 2"));
        assertBad(lock("--pins", pins.toString()), pins + ":1: format 2 is newer");
        Path lockFile = write("new.lock.toml", "format = 7\nsuperproject = \"" + "a".repeat(40) + "\"\n");
        assertBad(Cli.run("lock", "check", "--repo", work.dir(), lockFile), "format 7 is newer");
    }

    @Test
    void unknownRevisionAndMissingRepository() {
        assertBad(lock("--rev", "no-such-rev"), "unknown revision 'no-such-rev'");
        assertBad(Cli.run("lock", "--repo", tmp.resolve("nowhere"), "-o", out), "nowhere");
    }

    @Test
    void overridePathsEscapingTheWorkspaceAreRefused() throws IOException {
        Path dots = write("pins/dots.toml", ROOT + "\n[override.\"base/../../etc\"]\ncommit = \"abcdef1\"\n");
        assertBad(lock("--pins", dots.toString()), dots + ":7: path 'base/../../etc' escapes the workspace");
        Path abs = write("pins/abs.toml", ROOT + "\n[override.\"/etc/passwd\"]\ncommit = \"abcdef1\"\n");
        assertBad(lock("--pins", abs.toString()), "absolute path '/etc/passwd'");
    }

    @Test
    void overrideOfNoComponentAndUnknownRootRef() throws IOException {
        Path none = write("pins/none.toml", ROOT + "\n[override.\"no/such\"]\nfollow = \"main\"\n");
        assertBad(lock("--pins", none.toString()), none + ":7: override 'no/such' names no component");
        Path ref = write("pins/ref.toml", ROOT.replace("ref = \"main\"", "ref = \"gone\""));
        assertBad(lock("--pins", ref.toString()), ref + ":2: root 'TheRock': ref 'gone'");
    }

    @Test
    void lockfileComponentPathsEscapingTheWorkspaceAreRefused() throws IOException {
        String head = work.head();
        Path lockFile = write(
                "evil.lock.toml",
                "format = 1\nsuperproject = \"" + head + "\"\n\n[[component]]\npath = \".\"\n"
                        + "name = \".\"\ncommit = \"" + head
                        + "\"\n\n[[component]]\npath = \"../outside\"\nname = \"x\"\n"
                        + "parent = \".\"\ncommit = \"" + head + "\"\n");
        assertBad(Cli.run("sync", "--repo", work.dir(), lockFile), lockFile + ":10: path '../outside'");
        assertThat(tmp.resolve("outside")).doesNotExist();
    }

    private Cli.Run lock(String... args) {
        String[] all = new String[args.length + 5];
        all[0] = "lock";
        all[1] = "--repo";
        all[2] = work.dir().toString();
        all[3] = "-o";
        all[4] = out.toString();
        System.arraycopy(args, 0, all, 5, args.length);
        return Cli.run(all);
    }

    private void assertBad(Cli.Run run, String expected) {
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .satisfies(l -> assertThat(l).startsWith("patchpin: ").contains(expected));
        assertThat(run.out()).isEmpty();
        assertThat(out).doesNotExist();
    }

    private Path write(String name, String text) {
        return Folders.write(tmp.resolve(name), text);
    }
}
