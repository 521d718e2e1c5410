package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spack package.py patching per version range, as nearly every ROCm package in Spack does, on a generated
 * upstream tagged rocm-5.7.1, rocm-6.0.0 and rocm-6.3.0: each import seals the patches whose range holds at its
 * version and keeps the others as conditional; verify, history and bisect check an entry only where its range holds.
 */
class ConditionalRecipeTest {
    static final String FILE = "src/hip.c";

    @TempDir
    static Path tmp;

    static Repo upstream;
    static Path recipe;

    @BeforeAll
    static void setUp() throws IOException {
        upstream = Repo.init(tmp.resolve("up/hip")).write(FILE, source("legacy();", "slow_path();"));
        upstream.commit("before any release");
        upstream.write(FILE, source("old_api();", "slow_path();")).commit("5.7.1");
        upstream.tag("rocm-5.7.1");
        upstream.write(FILE, source("new_api();", "slow_path();")).commit("6.0.0");
        upstream.tag("rocm-6.0.0");
        upstream.write("README", "on the way to 6.3\n").commit("between releases");
        upstream.write(FILE, source("new_api();", "fast_path();")).commit("6.3.0");
        upstream.tag("rocm-6.3.0");

        Path pkg = tmp.resolve("spack/hip");
        Files.createDirectories(pkg);
        Files.writeString(pkg.resolve("fix-5.7.patch"), diff("rocm-5.7.1", "old_api();", "old_api(0);"));
        Files.writeString(pkg.resolve("fix-6.0.patch"), diff("rocm-6.0.0", "new_api();", "new_api(1);"));
        Files.writeString(pkg.resolve("fix-6.3.patch"), diff("rocm-6.3.0", "fast_path();", "fast_path(true);"));
        recipe = pkg.resolve("package.py");
        Files.writeString(
                recipe,
                """
                from spack.package import *


                class Hip(CMakePackage):
                    version("6.3.0", sha256="0" * 64)
                    version("6.0.0", sha256="1" * 64)
                    version("5.7.1", sha256="2" * 64)

                    patch("fix-5.7.patch", when="@5.7")
                    patch("fix-6.0.patch", when="@6.0:6")
                    patch("fix-6.3.patch", when="@6.3:6")
                """);
    }

    /** Thirty numbered lines, line 10 and line 20 as given. */
    static String source(String line10, String line20) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            b.append(i == 10 ? line10 : i == 20 ? line20 : "line " + i).append('\n');
        }
        return b.toString();
    }

    /** The diff of replacing {@code find} in FILE at {@code tag}, as the recipe's maintainer wrote it there. */
    static String diff(String tag, String find, String replace) {
        Repo scratch = clone("scratch");
        scratch.git("checkout", "-q", "-f", tag);
        scratch.write(FILE, scratch.read(FILE).replace(find, replace));
        return scratch.git("diff") + "\n";
    }

    /** A clone of the upstream at {@code tmp/name}, made the first time it is asked for. */
    static Repo clone(String name) {
        if (!Files.isDirectory(tmp.resolve(name))) {
            Git.run(tmp, "clone", "-q", upstream.url(), tmp.resolve(name).toString());
        }
        return Repo.at(tmp.resolve(name));
    }

    static Cli.Run importAt(String set, String rev, String... more) {
        Repo work = clone("work");
        String[] base = {
            "import",
            tmp.resolve(set).toString(),
            "--repo",
            work.dir().toString(),
            "--from",
            recipe.toString(),
            "--rev",
            rev
        };
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return Cli.run(args);
    }

    static Cli.Run verify(String set, String rev) {
        return Cli.run(
                "verify",
                tmp.resolve(set).toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--rev",
                rev,
                "--format",
                "json");
    }

    /** Entry id to verdict, from verify's JSON. */
    static Map<String, String> verdicts(Cli.Run verify) throws IOException {
        JsonNode report = new ObjectMapper().readTree(verify.out());
        Map<String, String> out = new TreeMap<>();
        report.get("patchsets")
                .get(0)
                .get("entries")
                .forEach(e -> out.put(e.get("id").asText(), e.get("verdict").asText()));
        return out;
    }

    @Test
    void importedAt571TheOtherRangesAreConditionalAndCheckedOnlyWhereTheyHold() throws IOException {
        Cli.Run in = importAt("at-5.7.1", "rocm-5.7.1");
        assertThat(in.exit()).as(in.err() + in.out()).isZero();
        assertThat(in.out())
                .contains("version of . at the base: 5.7.1 (tag rocm-5.7.1)")
                .containsPattern("imported \\S+ -> \\. \\(0001-\\S+\\.patch, for @5\\.7\\)")
                .containsPattern("conditional \\S+ -> \\. \\(\\S+, for @6\\.0:6; not for 5\\.7\\.1")
                .containsPattern("conditional \\S+ -> \\. \\(\\S+, for @6\\.3:6; not for 5\\.7\\.1");
        String toml = Files.readString(tmp.resolve("at-5.7.1/patchset.toml"));
        assertThat(toml).contains("when = \"@5.7\"", "when = \"@6.0:6\"", "when = \"@6.3:6\"");

        Cli.Run at571 = verify("at-5.7.1", "rocm-5.7.1");
        assertThat(at571.exit()).as(at571.out()).isZero();
        assertThat(verdicts(at571).values()).containsExactly("EXACT", "NOT_FOR_VERSION", "NOT_FOR_VERSION");
        JsonNode summary = new ObjectMapper().readTree(at571.out()).get("summary");
        assertThat(summary.get("ok").asInt()).isEqualTo(1);
        assertThat(summary.get("skipped").asInt()).isEqualTo(2);

        Cli.Run at630 = verify("at-5.7.1", "rocm-6.3.0");
        assertThat(at630.exit()).as(at630.out()).isZero();
        assertThat(verdicts(at630).values()).containsExactly("NOT_FOR_VERSION", "APPLIES", "APPLIES");
        assertThat(at630.out()).contains("not for this version: . is 6.3.0 (tag rocm-6.3.0), the entry is for @5.7");

        Cli.Run at600 = verify("at-5.7.1", "rocm-6.0.0");
        assertThat(verdicts(at600).values()).containsExactly("NOT_FOR_VERSION", "APPLIES", "NOT_FOR_VERSION");
    }

    @Test
    void importedAt63BothRangesHoldingThereAreSealedInOrder() throws IOException {
        Cli.Run in = importAt("at-6.3", "rocm-6.3.0");
        assertThat(in.exit()).as(in.err() + in.out()).isZero();
        assertThat(in.out()).contains("version of . at the base: 6.3.0 (tag rocm-6.3.0)");
        Cli.Run at630 = verify("at-6.3", "rocm-6.3.0");
        assertThat(at630.exit()).as(at630.out()).isZero();
        assertThat(verdicts(at630).values()).containsExactly("NOT_FOR_VERSION", "EXACT", "EXACT");
        // between the 6.0.0 and 6.3.0 tags the version is 6.0.0: the 6.3 patch is not for it
        Cli.Run between = verify("at-6.3", "rocm-6.3.0~1");
        assertThat(between.out()).contains("6.0.0 (tag rocm-6.0.0 + 1 commits)");
        assertThat(verdicts(between).values()).containsExactly("NOT_FOR_VERSION", "APPLIES", "NOT_FOR_VERSION");
    }

    @Test
    void aRunWhereEveryEntryIsNotForTheVersionChecksNothingAndIsNotASuccess() throws IOException {
        assertThat(importAt("all-skipped", "rocm-6.3.0").exit()).isZero();
        Cli.Run text = Cli.run(
                "verify",
                tmp.resolve("all-skipped").toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--rev",
                "rocm-6.3.0",
                "--component",
                ".");
        assertThat(text.exit()).isZero();
        // only the 5.7 patch is left when checked at the commit before any release tag... none is for 5.6 either
        Cli.Run junit = Cli.run(
                "verify",
                tmp.resolve("all-skipped").toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--rev",
                "rocm-5.7.1",
                "--format",
                "junit");
        assertThat(junit.out()).contains("<skipped message=\"NOT_FOR_VERSION: ");
        assertThat(junit.exit()).isZero(); // the 5.7 patch is checked there (and applies, unsealed)
    }

    @Test
    void versionGivenOverridesTheTagsAndIsNamedInTheOutput() throws IOException {
        Cli.Run in = importAt("given", "rocm-6.3.0", "--version", "6.0.2");
        assertThat(in.exit()).as(in.err() + in.out()).isZero();
        assertThat(in.out())
                .contains("version of . at the base: 6.0.2 (--version)")
                .containsPattern("conditional \\S+ -> \\. \\(\\S+, for @6\\.3:6; not for 6\\.0\\.2");
        String toml = Files.readString(tmp.resolve("given/patchset.toml"));
        // the 6.0 patch is sealed, the 6.3 one is not
        assertThat(toml.split("\\[\\[entry]]")[2]).contains("[entry.seal]");
        assertThat(toml.split("\\[\\[entry]]")[3]).doesNotContain("[entry.seal]");
    }

    @Test
    void aConditionalPatchWhereNoTagTellsTheVersionIsRefusedAskingForOne() {
        Cli.Run in = importAt("untagged", "rocm-5.7.1~1");
        assertThat(in.exit()).isEqualTo(2);
        assertThat(in.errLines()).singleElement().asString().contains("package.py:9:", "give --version");
        assertThat(tmp.resolve("untagged")).doesNotExist();
    }

    @Test
    void historyAndBisectPassTheCommitsAnEntryIsNotFor() throws IOException {
        assertThat(importAt("walked", "rocm-6.0.0").exit()).isZero();
        Cli.Run history = Cli.run(
                "history",
                tmp.resolve("walked").toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--from",
                "rocm-5.7.1",
                "--to",
                "rocm-6.3.0",
                "--format",
                "json");
        assertThat(history.exit()).as(history.err() + history.out()).isIn(0, 3);
        assertThat(history.out()).contains("NOT_FOR_VERSION").doesNotContain("CONFLICT");

        String id = verdicts(verify("walked", "rocm-6.0.0")).keySet().stream()
                .filter(k -> k.contains("6-3") || k.contains("6.3"))
                .findFirst()
                .orElseThrow();
        Cli.Run bisect = Cli.run(
                "bisect",
                tmp.resolve("walked").toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--entry",
                id,
                "--good",
                "rocm-5.7.1",
                "--bad",
                "rocm-6.3.0");
        assertThat(bisect.exit()).isEqualTo(2);
        assertThat(bisect.errLines()).singleElement().asString().contains("is not checked at 'rocm-5.7.1'");
    }

    @Test
    void rebasedOntoAnotherVersionTheEntriesForItAreSealedAndTheOthersKeptUnsealed() throws IOException {
        assertThat(importAt("moved", "rocm-5.7.1").exit()).isZero();
        Cli.Run rebase = Cli.run(
                "rebase",
                tmp.resolve("moved").toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--onto",
                "rocm-6.3.0");
        assertThat(rebase.exit()).as(rebase.err() + rebase.out()).isIn(0, 3);
        assertThat(rebase.out()).contains("not for 6.3.0 (@5.7)");
        String toml = Files.readString(tmp.resolve("moved/patchset.toml"));
        assertThat(toml.split("\\[\\[entry]]")[1]).contains("when = \"@5.7\"").doesNotContain("[entry.seal]");
        assertThat(verdicts(verify("moved", "rocm-6.3.0")).values())
                .containsExactly("NOT_FOR_VERSION", "EXACT", "EXACT");
        assertThat(verdicts(verify("moved", "rocm-5.7.1")).values())
                .containsExactly("APPLIES", "NOT_FOR_VERSION", "NOT_FOR_VERSION");
    }
}
