package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.patchset.Upstream;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Distro export's refusals on a one-commit repository, and upstream fields of every status. */
class ExportRefusalsAndUpstreamFieldsTest {
    @TempDir
    static Path tmp;

    static Repo repo;
    static Path based;
    static Path unbased;

    @BeforeAll
    static void setUp() throws IOException {
        repo = Repo.init(tmp.resolve("ws")).write("a.txt", "a\n");
        String head = repo.commit("one file");
        based = Files.createDirectories(tmp.resolve("based"));
        Files.writeString(
                based.resolve("patchset.toml"),
                "format = 1\nname = \"based\"\nbase = \"" + head + "\"\n",
                StandardCharsets.UTF_8);
        unbased = Files.createDirectories(tmp.resolve("unbased"));
        Files.writeString(unbased.resolve("patchset.toml"), "format = 1\nname = \"unbased\"\n", StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            unbased | debian | -                     | the patchset has no base
            based   | debian | --gentoo-user=x/y     | --gentoo-user: only goes with --format gentoo
            based   | gentoo | --gentoo-user=../x    | --gentoo-user: '../x' is not CATEGORY/PN
            based   | gentoo | --gentoo-user=a..b/c  | --gentoo-user: 'a..b/c' is not CATEGORY/PN
            based   | nix    | --component=no/such   | --component: 'no/such' is not a component at the base
            """)
    void refusedBeforeAnythingIsWritten(String set, String format, String option, String message) {
        Path dir = set.equals("based") ? based : unbased;
        Path out = tmp.resolve("out");
        Cli.Run run = option.equals("-")
                ? Cli.run("export", dir, "--repo", repo.dir(), "--format", format, "-o", out)
                : Cli.run("export", dir, "--repo", repo.dir(), "--format", format, "-o", out, option);
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: ")
                .contains(message);
        assertThat(out).doesNotExist();
    }

    @Test
    void anEmptyPatchsetExportsAnEmptyNixFragment() throws IOException {
        Path out = tmp.resolve("nix");
        Cli.ok("export", based, "--repo", repo.dir(), "--format", "nix", "-o", out);
        assertThat(Files.readString(out.resolve("default.nix"))).contains("  patches = [ ];\n  postPatch = \"\";\n");
    }

    @Test
    void aRequestIsForADistroFormat() {
        assertThatThrownBy(() -> new DistroExport.Request(ExportFormat.QUILT, tmp, Optional.empty(), Optional.empty()))
                .hasMessage("QUILT is not a distro format");
        assertThat(ExportFormat.THEROCK.distro()).isFalse();
    }

    @Test
    void upstreamFieldsOfTheStatusesOtherTestsLeaveOut() {
        String url = ExportMetaTest.URL;
        String commit = ExportMetaTest.COMMIT;
        assertThat(ExportMetaTest.file(
                        ExportFormat.YOCTO,
                        ExportMetaTest.meta(Upstream.Status.PENDING, null, null),
                        "0001-nvptx.patch"))
                .contains("\nUpstream-Status: Pending\n---\n");
        assertThat(ExportMetaTest.file(
                        ExportFormat.DEBIAN,
                        ExportMetaTest.meta(Upstream.Status.MERGED, null, null),
                        "0001-nvptx.patch"))
                .contains("\nForwarded: yes\n---\n");
        assertThat(ExportMetaTest.file(
                        ExportFormat.DEBIAN,
                        ExportMetaTest.meta(Upstream.Status.BACKPORT, null, null),
                        "0001-nvptx.patch"))
                .contains("\nOrigin: upstream\n---\n");
        assertThat(ExportMetaTest.file(
                        ExportFormat.WEST, ExportMetaTest.meta(Upstream.Status.BACKPORT, url, "abc"), "patches.yml"))
                .contains("    merge-pr: \"" + url + "\"\n    merge-status: true\n")
                .doesNotContain("merge-commit");
        assertThat(ExportMetaTest.file(
                        ExportFormat.WEST, ExportMetaTest.meta(Upstream.Status.PENDING, url, commit), "patches.yml"))
                .doesNotContain("merge-pr", "merge-status")
                .contains("    merge-commit: \"" + commit + "\"\n");
        assertThat(ExportMetaTest.file(
                        ExportFormat.WEST,
                        ExportMetaTest.meta(Upstream.Status.SUBMITTED, "see the list", null),
                        "patches.yml"))
                .doesNotContain("merge-pr")
                .contains("    merge-status: false\n");
    }

    @Test
    void metadataOfLooseParts() {
        ExportMeta m = new ExportMeta(
                "id", null, " Ada <no mail ", Optional.empty(), Optional.of(" "), Optional.of(" abc "), List.of());
        assertThat(m.why()).isEmpty();
        assertThat(m.summary()).isEqualTo("id");
        assertThat(m.details()).isEmpty();
        assertThat(m.authorName()).isEqualTo("Ada");
        assertThat(m.authorMail()).isEqualTo("patchpin@localhost");
        assertThat(m.url()).isEmpty();
        assertThat(m.where("x")).isEqualTo("abc");
        ExportMeta nobody = new ExportMeta(
                "id", "why\n\nmore", null, Optional.empty(), Optional.empty(), Optional.empty(), List.of());
        assertThat(nobody.author()).isEmpty();
        assertThat(nobody.details()).containsExactly("", "more");
        assertThat(nobody.where("fallback")).isEqualTo("fallback");
        assertThat(Gentoo.validPackage("sys-devel/llvm")).isTrue();
    }
}
