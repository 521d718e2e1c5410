package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.Upstream;
import io.patchpin.testkit.Unsealed;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every format carries present and absent upstream values in its own fields (values built directly). */
class ExportMetaTest {
    static final String URL = "https://github.com/ROCm/llvm-project/pull/42";
    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    static ExportMeta meta(Upstream.Status status, String url, String commit) {
        return new ExportMeta(
                "nvptx",
                "Build NVPTX.\nFor 100% of cards.",
                "Ada L <ada@example.org>",
                Optional.ofNullable(status),
                Optional.ofNullable(url),
                Optional.ofNullable(commit),
                List.of());
    }

    static Tree tree(ExportMeta m) {
        RewriteEntry e = Unsealed.why(Unsealed.rewrite("nvptx", ".", "f.txt", "a", "b"), m.why());
        byte[] diff = "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-a\n+b\n"
                .getBytes(StandardCharsets.UTF_8);
        return new Tree(
                "set", "0".repeat(40), "2026-01-02", ".", List.of(new Piece(1, e, m, "", diff)), Optional.empty());
    }

    static String file(ExportFormat f, ExportMeta m, String name) {
        Map<String, byte[]> files = f.layout(Optional.empty()).files(tree(m));
        return new String(files.get(name), StandardCharsets.UTF_8);
    }

    @Test
    void entryWithoutUpstreamRecordHasNoUpstreamFields() {
        ExportMeta m = ExportMeta.of(Unsealed.why(Unsealed.rewrite("x", ".", "f", "a", "b"), "why"), Optional.empty());
        assertThat(m.status()).isEmpty();
        assertThat(m.url()).isEmpty();
        assertThat(m.commit()).isEmpty();
        assertThat(m.authorName()).isEqualTo("patchpin");
        assertThat(m.authorMail()).isEqualTo("patchpin@localhost");
    }

    @Test
    void entryUpstreamRecordReachesTheExport() {
        RewriteEntry e = Unsealed.why(Unsealed.rewrite("x", ".", "f", "a", "b"), "why");
        ExportMeta m = ExportMeta.of(
                e.withUpstream(new Upstream(Optional.of(Upstream.Status.MERGED), URL, COMMIT)), Optional.empty());
        assertThat(m.status()).contains(Upstream.Status.MERGED);
        assertThat(m.url()).contains(URL);
        assertThat(m.commit()).contains(COMMIT);
    }

    @Test
    void debianDep3Fields() {
        assertThat(file(ExportFormat.DEBIAN, meta(null, null, null), "0001-nvptx.patch"))
                .startsWith(
                        "Description: Build NVPTX.\n For 100% of cards.\nAuthor: Ada L <ada@example.org>\n---\ndiff --git");
        assertThat(file(ExportFormat.DEBIAN, meta(Upstream.Status.PENDING, null, null), "0001-nvptx.patch"))
                .contains("\nForwarded: no\n---\n");
        assertThat(file(ExportFormat.DEBIAN, meta(Upstream.Status.SUBMITTED, URL, null), "0001-nvptx.patch"))
                .contains("\nForwarded: " + URL + "\n---\n");
        assertThat(file(ExportFormat.DEBIAN, meta(Upstream.Status.MERGED, URL, COMMIT), "0001-nvptx.patch"))
                .contains("\nForwarded: " + URL + "\nApplied-Upstream: " + URL + ", " + COMMIT + "\n---\n");
        assertThat(file(ExportFormat.DEBIAN, meta(Upstream.Status.BACKPORT, null, COMMIT), "0001-nvptx.patch"))
                .contains("\nOrigin: upstream, " + COMMIT + "\nApplied-Upstream: " + COMMIT + "\n---\n");
        assertThat(file(ExportFormat.DEBIAN, meta(Upstream.Status.INAPPROPRIATE, null, null), "0001-nvptx.patch"))
                .contains("\nForwarded: not-needed\n---\n");
    }

    @Test
    void yoctoUpstreamStatus() {
        assertThat(file(ExportFormat.YOCTO, meta(null, null, null), "0001-nvptx.patch"))
                .contains("\nUpstream-Status: Pending\n---\n");
        assertThat(file(ExportFormat.YOCTO, meta(Upstream.Status.SUBMITTED, URL, null), "0001-nvptx.patch"))
                .contains("\nUpstream-Status: Submitted [" + URL + "]\n");
        assertThat(file(ExportFormat.YOCTO, meta(Upstream.Status.MERGED, null, COMMIT), "0001-nvptx.patch"))
                .contains("\nUpstream-Status: Backport [" + COMMIT + "]\n");
        assertThat(file(ExportFormat.YOCTO, meta(Upstream.Status.BACKPORT, URL, COMMIT), "0001-nvptx.patch"))
                .contains("\nUpstream-Status: Backport [" + URL + "]\n");
        assertThat(file(ExportFormat.YOCTO, meta(Upstream.Status.INAPPROPRIATE, null, null), "0001-nvptx.patch"))
                .contains("\nUpstream-Status: Inappropriate [configuration]\n");
    }

    @Test
    void westMergeFields() {
        String none = file(ExportFormat.WEST, meta(null, null, null), "patches.yml");
        assertThat(none)
                .contains(
                        "    author: \"Ada L\"\n    email: \"ada@example.org\"\n    date: 2026-01-02\n    upstreamable: true\n")
                .doesNotContain("merge-");
        assertThat(file(ExportFormat.WEST, meta(Upstream.Status.SUBMITTED, URL, null), "patches.yml"))
                .contains("    merge-pr: \"" + URL + "\"\n    merge-status: false\n");
        assertThat(file(ExportFormat.WEST, meta(Upstream.Status.MERGED, URL, COMMIT), "patches.yml"))
                .contains("    merge-pr: \"" + URL + "\"\n    merge-status: true\n    merge-commit: \"" + COMMIT
                        + "\"\n");
        assertThat(file(ExportFormat.WEST, meta(Upstream.Status.INAPPROPRIATE, null, null), "patches.yml"))
                .contains("    upstreamable: false\n")
                .doesNotContain("merge-");
    }

    @Test
    void rpmAndGentooComments() {
        assertThat(file(ExportFormat.RPM, meta(Upstream.Status.SUBMITTED, URL, null), "patches.spec.inc"))
                .contains("# Build NVPTX.\n# For 100%% of cards.\n# upstream: submitted " + URL
                        + "\nPatch0001: 0001-nvptx.patch\n");
        assertThat(file(ExportFormat.RPM, meta(null, null, null), "patches.spec.inc"))
                .doesNotContain("upstream:");
        assertThat(file(ExportFormat.GENTOO, meta(Upstream.Status.MERGED, URL, COMMIT), "files/0001-nvptx.patch"))
                .contains("\nApplied-Upstream: " + URL + ", " + COMMIT + "\n");
        assertThat(file(ExportFormat.NIX, meta(Upstream.Status.MERGED, URL, COMMIT), "default.nix"))
                .contains("    # nvptx (upstream: merged " + URL + " " + COMMIT
                        + ")\n    substituteInPlace 'f.txt' \\\n" + "      --replace-fail 'a' 'b'");
        assertThat(file(ExportFormat.NIX, meta(Upstream.Status.SUBMITTED, "https://x/''${y}", null), "default.nix"))
                .contains("    # nvptx (upstream: submitted https://x/'''''${y})\n");
        assertThat(file(ExportFormat.NIX, meta(null, null, null), "default.nix"))
                .contains("    # nvptx\n");
    }
}
