package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockFile;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Option combinations refused before any repository is opened: exit 2, one
 * {@code patchpin:} line naming the option, nothing on stdout, nothing written.
 * A patchset without a base needs no repository at all, so authoring into one
 * runs here too.
 */
class OptionRefusalsNeedNoRepositoryTest {
    private static final String A = "a".repeat(40);

    @TempDir
    static Path tmp;

    static Path set;
    static Path lock;
    static Path manifest;
    static Repo repo;

    @BeforeAll
    static void files() throws IOException {
        set = Files.createDirectories(tmp.resolve("unbased"));
        Files.writeString(set.resolve("patchset.toml"), "format = 1\nname = \"unbased\"\n", StandardCharsets.UTF_8);
        lock = Files.write(
                tmp.resolve("a.lock.toml"),
                LockFile.render(new Lock(
                        Optional.empty(),
                        A,
                        List.of(),
                        List.of(new LockEntry(
                                ".",
                                ".",
                                Optional.empty(),
                                Optional.empty(),
                                Optional.empty(),
                                A,
                                false,
                                true,
                                Optional.empty())),
                        List.of(),
                        List.of())));
        manifest = Files.writeString(tmp.resolve("m.json"), "{\"x\": 1}\n", StandardCharsets.UTF_8);
        repo = Repo.init(tmp.resolve("ws")).write("a.txt", "a\n");
        repo.commit("one file");
    }

    static Stream<Arguments> cases() {
        String s = "{set}";
        return Stream.of(
                bad("--before: anchor is empty", "add", "insert", s, "--file", "a.txt", "--before", "", "--text", "x"),
                bad("--after: anchor is empty", "add", "insert", s, "--file", "a.txt", "--after", "", "--text", "x"),
                bad(
                        "--id: 'no way' must be letters",
                        "add",
                        "insert",
                        s,
                        "--file",
                        "a.txt",
                        "--after",
                        "x",
                        "--text",
                        "y",
                        "--id",
                        "no way"),
                bad(
                        "--upstream-commit: upstream commit 'xyz' must be 7 to 40 hex digits",
                        "add",
                        "rewrite",
                        s,
                        "--file",
                        "a.txt",
                        "--find",
                        "a",
                        "--replace",
                        "b",
                        "--upstream-commit",
                        "xyz"),
                bad(
                        "--upstream-url: upstream url 'ftp://x' is not an http(s) URL",
                        "add",
                        "rewrite",
                        s,
                        "--file",
                        "a.txt",
                        "--find",
                        "a",
                        "--replace",
                        "b",
                        "--upstream-url",
                        "ftp://x"),
                bad(
                        "--upstream-status: upstream status 'someday'",
                        "add",
                        "rewrite",
                        s,
                        "--file",
                        "a.txt",
                        "--find",
                        "a",
                        "--replace",
                        "b",
                        "--upstream-status",
                        "someday"),
                bad("DIR: give patchset folders or --therock-patches PATH", "verify"),
                bad(
                        "--therock-patches: --therock-patches goes without patchset folders",
                        "verify",
                        s,
                        "--therock-patches",
                        s),
                bad(
                        "--component: only goes with a distro format",
                        "export",
                        s,
                        "--format",
                        "quilt",
                        "-o",
                        "{tmp}/out",
                        "--component",
                        "x"),
                bad(
                        "--gentoo-user: only goes with a distro format",
                        "export",
                        s,
                        "--format",
                        "therock",
                        "-o",
                        "{tmp}/out",
                        "--gentoo-user",
                        "dev-libs/x"),
                bad(
                        "--from-manifest: goes without --pins and --rev",
                        "lock",
                        "--from-manifest",
                        "{manifest}",
                        "--rev",
                        "HEAD"),
                bad(
                        "--from-manifest: goes without --pins and --rev",
                        "lock",
                        "--from-manifest",
                        "{manifest}",
                        "--pins",
                        "{lock}"),
                bad("nowhere", "lock", "--from-manifest", "{manifest}", "--repo", "{tmp}/nowhere"),
                bad(
                        "--format: lock diff reports as text, json or markdown, not junit",
                        "lock",
                        "diff",
                        "{lock}",
                        "{lock}",
                        "--format",
                        "junit"),
                bad("--mirror-dir: no such folder: ", "verify", s, "--mirror-dir", "{tmp}/no-mirror"),
                bad("--therock: only goes with --commit", "apply", s, "--therock", "--repo", "{repo}"),
                bad(
                        "unbased/patchset.toml: the patchset has no base; import seals patches against one",
                        "import",
                        s,
                        "--from",
                        "{tmp}",
                        "--repo",
                        "{repo}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedWithOneLineNamingTheOption(String expected, String[] args) throws IOException {
        String before = Files.readString(set.resolve("patchset.toml"));
        Cli.Run run = Cli.run(resolve(args));
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .satisfies(l -> assertThat(l).startsWith("patchpin: ").contains(expected));
        assertThat(run.out()).isEmpty();
        assertThat(Files.readString(set.resolve("patchset.toml"))).isEqualTo(before);
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void aLockDiffWithoutMovesNeedsNoRepository() {
        Cli.Run run = Cli.ok(resolve(new String[] {"lock", "diff", "--repo", "{tmp}/nowhere", "{lock}", "{lock}"}));
        assertThat(run.out()).isEqualTo("same\n");
    }

    @Test
    void anInsertBeforeIntoAPatchsetWithoutABaseIsWrittenUnsealed() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("before-set"));
        Files.writeString(dir.resolve("patchset.toml"), "format = 1\nname = \"b\"\n", StandardCharsets.UTF_8);
        Cli.ok(
                "add",
                "insert",
                dir,
                "--file",
                "a.txt",
                "--before",
                "#include <x>",
                "--text",
                "#include <cstdint>",
                "--id",
                "cstdint",
                "--upstream-url",
                "https://example.org/pr/1");
        assertThat(Files.readString(dir.resolve("patchset.toml")))
                .contains(
                        "id = \"cstdint\"",
                        "position = \"before\"",
                        "[entry.upstream]\nstatus = \"submitted\"\nurl = \"https://example.org/pr/1\"");
    }

    @Test
    void aPyTorchManifestWithoutAVersionLocksItsOwnPins() throws IOException {
        Path pytorch = Files.writeString(
                tmp.resolve("pytorch.json"),
                "{\"schema_version\": 1, \"therock\": {\"commit\": \"" + A + "\"}}",
                StandardCharsets.UTF_8);
        Cli.Run shown = Cli.ok("lock", "--from-manifest", pytorch, "--repo", repo.dir());
        assertThat(shown.out()).contains("superproject = \"" + A + "\"", "[[root]]\nname = \"therock\"");
        assertThat(shown.errLines()).last().isEqualTo("patchpin: PyTorch (no version) is TheRock " + A);
        Path out = tmp.resolve("pins/pytorch.lock.toml");
        Cli.Run written = Cli.ok("lock", "--from-manifest", pytorch, "--repo", repo.dir(), "-o", out);
        assertThat(written.out()).isEmpty();
        assertThat(written.errLines())
                .last()
                .isEqualTo("patchpin: PyTorch (no version) is TheRock " + A + "; locked 1 components to " + out);
        assertThat(Files.readString(out)).isEqualTo(shown.out());
    }

    private static Arguments bad(String expected, String... args) {
        return Arguments.of(expected, args);
    }

    private static String[] resolve(String[] args) {
        return Stream.of(args)
                .map(a -> a.replace("{set}", set.toString())
                        .replace("{tmp}", tmp.toString())
                        .replace("{lock}", lock.toString())
                        .replace("{repo}", repo.dir().toString())
                        .replace("{manifest}", manifest.toString()))
                .toArray(String[]::new);
    }
}
