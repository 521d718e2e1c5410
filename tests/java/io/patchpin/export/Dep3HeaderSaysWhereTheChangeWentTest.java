package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.Upstream;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A DEP-3 header names where a change went: from the upstream record when there is one, else from the entry's
 * links (an issue is a Bug:, a pull request says Forwarded:, a commit Applied-Upstream:).
 */
class Dep3HeaderSaysWhereTheChangeWentTest {
    private static final String ISSUE = "https://github.com/ROCm/TheRock/issues/7";
    private static final String PULL = "https://github.com/ROCm/llvm-project/pull/42";
    private static final String COMMIT = "https://github.com/ROCm/llvm-project/commit/0123456789abcdef";

    private static ExportMeta meta(Upstream.Status status, String url, String commit, List<String> links) {
        return new ExportMeta(
                "x",
                "Build NVPTX.\n\nFor\tevery card.",
                "",
                Optional.ofNullable(status),
                Optional.ofNullable(url),
                Optional.ofNullable(commit),
                links);
    }

    @Test
    void withoutARecordTheLinksSayItAndTheVendorIsTheOrigin() {
        String header = Dep3.header(meta(null, null, null, List.of("see the chat", COMMIT, ISSUE, PULL)));
        assertThat(header)
                .isEqualTo("Description: Build NVPTX.\n .\n For every card.\n"
                        + "Origin: vendor, " + COMMIT + "\n"
                        + "Forwarded: " + PULL + "\n"
                        + "Applied-Upstream: " + COMMIT + "\n"
                        + "Bug: " + ISSUE + "\n---\n");
    }

    @Test
    void withoutARecordOrALinkTheOriginIsTheVendorAlone() {
        assertThat(Dep3.header(meta(null, null, null, List.of("not a link", "https://example.com/notes"))))
                .contains("Origin: vendor, https://example.com/notes\n")
                .doesNotContain("Forwarded:", "Applied-Upstream:", "Bug:");
        assertThat(Dep3.header(meta(null, null, null, List.of()))).contains("Origin: vendor\n");
    }

    @Test
    void aBackportIsItsOwnOriginAndNamesTheCommit() {
        String header = Dep3.header(meta(Upstream.Status.BACKPORT, PULL, "abc1234", List.of()));
        assertThat(header)
                .contains("Origin: upstream, " + PULL + ", abc1234\n", "Applied-Upstream: abc1234\n")
                .doesNotContain("Origin: vendor");
        assertThat(Dep3.header(meta(Upstream.Status.BACKPORT, null, null, List.of())))
                .contains("Origin: upstream\n")
                .doesNotContain("Applied-Upstream:", "Origin: vendor");
    }

    @Test
    void eachRecordedStatusHasItsForwardedLine() {
        assertThat(Dep3.header(meta(Upstream.Status.PENDING, null, null, List.of())))
                .contains("Forwarded: no\n");
        assertThat(Dep3.header(meta(Upstream.Status.SUBMITTED, null, null, List.of())))
                .contains("Forwarded: yes\n");
        assertThat(Dep3.header(meta(Upstream.Status.MERGED, null, null, List.of())))
                .contains("Forwarded: yes\n")
                .doesNotContain("Applied-Upstream:");
        assertThat(Dep3.header(meta(Upstream.Status.MERGED, PULL, "abc1234", List.of())))
                .contains("Forwarded: " + PULL + "\n", "Applied-Upstream: " + PULL + ", abc1234\n");
        assertThat(Dep3.header(meta(Upstream.Status.INAPPROPRIATE, null, null, List.of(PULL))))
                .contains("Forwarded: not-needed\n")
                .doesNotContain("Forwarded: " + PULL);
    }

    @Test
    void anAuthorTakesTheOriginsPlace() {
        ExportMeta m = new ExportMeta(
                "x", "", "Ada L <ada@example.org>", Optional.empty(), Optional.empty(), Optional.empty(), List.of());
        assertThat(Dep3.header(m)).isEqualTo("Description: x\nAuthor: Ada L <ada@example.org>\n---\n");
    }
}
