package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shipped ebuild whose patch needs fuzz 1 at its own version: Gentoo's eapply runs GNU patch with its default
 * fuzz 2, so it builds. Imported with {@code --fuzz 2} it is sealed as GNU patch leaves the file, verify says FUZZ
 * (never a silent ok), and a quilt export refreshes it so it applies with no fuzz.
 */
class DistroFuzzTest {
    static final String FILE = "src/hip.c";

    @TempDir
    static Path tmp;

    static Repo upstream;
    static Path ebuild;

    @BeforeAll
    static void setUp() throws IOException {
        StringBuilder src = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            src.append(i == 10 ? "old_api();" : "line " + i).append('\n');
        }
        upstream = Repo.init(tmp.resolve("up/hip")).write(FILE, src.toString());
        upstream.commit("6.3.0");
        upstream.git("tag", "rocm-6.3.0");
        Repo scratch = clone("scratch");
        scratch.write(FILE, scratch.read(FILE).replace("old_api();", "new_api();"));
        // written against an older tree, where line 7 read otherwise: its first context line no longer matches
        String patch = (scratch.git("diff") + "\n").replace("\n line 7\n", "\n line seven\n");
        Path pkg = tmp.resolve("gentoo/dev-util/hip");
        Files.createDirectories(pkg.resolve("files"));
        Files.writeString(pkg.resolve("files/hip-6.3.0-api.patch"), patch);
        ebuild = pkg.resolve("hip-6.3.0.ebuild");
        Files.writeString(
                ebuild,
                """
                EAPI=8

                DESCRIPTION="HIP"
                PATCHES=(
                	"${FILESDIR}"/${P}-api.patch
                )
                """);
    }

    static Repo clone(String name) {
        Git.run(tmp, "clone", "-q", upstream.url(), tmp.resolve(name).toString());
        return Repo.at(tmp.resolve(name));
    }

    static Cli.Run importEbuild(String set, String... more) {
        Path work = tmp.resolve("work");
        if (!Files.isDirectory(work)) {
            clone("work");
        }
        List<String> args = new ArrayList<>(
                List.of("import", tmp.resolve(set).toString(), "--repo", work.toString(), "--from", ebuild.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void aPatchNeedingFuzzIsRefusedWithoutFuzzNamingTheDistrosFuzz() {
        Cli.Run in = importEbuild("no-fuzz");
        assertThat(in.exit()).isEqualTo(2);
        assertThat(in.errLines())
                .singleElement()
                .asString()
                .contains("hip-6.3.0-api.patch", "does not apply at the base", "import --fuzz 2");
        assertThat(tmp.resolve("no-fuzz")).doesNotExist();
    }

    @Test
    void importedWithFuzzItIsSealedAsGnuPatchLeavesItAndVerifiedAsFuzz() throws IOException {
        Cli.Run in = importEbuild("fuzzed", "--fuzz", "2");
        assertThat(in.exit()).as(in.err() + in.out()).isZero();
        assertThat(in.out()).contains(", fuzz 2)");
        assertThat(Files.readString(tmp.resolve("fuzzed/patchset.toml"))).contains("fuzz = 2");

        Cli.Run verify = Cli.run(
                "verify",
                tmp.resolve("fuzzed").toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--rev",
                "HEAD",
                "--format",
                "json");
        assertThat(verify.exit()).isEqualTo(3);
        JsonNode entry = new ObjectMapper()
                .readTree(verify.out())
                .get("patchsets")
                .get(0)
                .get("entries")
                .get(0);
        assertThat(entry.get("verdict").asText()).isEqualTo("FUZZ");
        assertThat(entry.get("detail").asText()).contains("applies only with fuzz 1", "imported with fuzz 2");

        Cli.Run apply = Cli.run(
                "apply",
                tmp.resolve("fuzzed").toString(),
                "--repo",
                tmp.resolve("work").toString());
        assertThat(apply.exit()).as(apply.err() + apply.out()).isIn(0, 3);
        assertThat(Files.readString(tmp.resolve("work").resolve(FILE))).contains("new_api();");
    }

    @Test
    void exportedForQuiltItIsRefreshedToApplyWithNoFuzz() throws IOException {
        assumeTrue(Tool.onPath("patch"), "patch is not installed");
        assertThat(importEbuild("to-quilt", "--fuzz", "2").exit()).isZero();
        Path out = tmp.resolve("quilt");
        Cli.Run export = Cli.run(
                "export",
                tmp.resolve("to-quilt").toString(),
                "--repo",
                tmp.resolve("work").toString(),
                "--format",
                "quilt",
                "-o",
                out.toString());
        assertThat(export.exit()).as(export.err()).isZero();
        List<Path> patches;
        try (var s = Files.walk(out)) {
            patches = s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
        assertThat(patches).hasSize(1);
        assertThat(Files.readString(patches.get(0))).contains(" line 7\n").doesNotContain("line seven");
        Repo fresh = clone("fresh");
        Tool.patchAll(fresh.dir(), patches);
        assertThat(Tool.files(fresh.dir()).get(FILE)).contains("new_api();");
    }

    @Test
    void aFuzzOverTwoIsRefused() {
        Cli.Run in = importEbuild("too-much", "--fuzz", "3");
        assertThat(in.exit()).isEqualTo(2);
        assertThat(in.errLines()).singleElement().asString().contains("--fuzz", "0 to 2");
    }
}
