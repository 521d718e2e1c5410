package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Slug;
import io.patchpin.export.ExportPatches;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Upstream;
import io.patchpin.testkit.Unsealed;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The corners of unified-diff syntax: headers, counts, markers and the refusals, each with its line. */
class PatchSyntaxEdgesTest {
    private static ParsedPatch parse(String text) {
        return PatchParser.parse("e.patch", text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "context diff|*** a.c\\n--- a.c\\n***************\\n|1|context diffs are not supported",
                "loose binary|Binary files a/x.png and b/x.png differ\\n|1|binary patches are refused",
                "loose git binary|GIT binary patch\\nliteral 3\\n|1|binary patches are refused",
                "binary in a git header|diff --git a/x b/x\\nBinary files a/x and b/x differ\\n|1|binary patches are refused",
                "body after a blank line|--- a/f\\n+++ b/f\\n@@ -1 +1 @@\\n-a\\n+b\\n\\n+c\\n|7|garbage between hunks: '+c'",
                "hunk after a blank line|--- a/f\\n+++ b/f\\n@@ -1 +1 @@\\n-a\\n+b\\n\\n@@ -3 +3 @@\\n|7|garbage between hunks",
                "no path at all|--- /dev/null\\n+++ /dev/null\\n@@ -0,0 +1 @@\\n+x\\n|1|file header names no path",
                "header without hunks|--- a/f\\n+++ b/f\\n|1|file header without hunks",
                "malformed hunk header|--- a/f\\n+++ b/f\\n@@ one two @@\\n-a\\n|3|malformed hunk header '@@ one two @@'",
                "more old lines than counted|--- a/f\\n+++ b/f\\n@@ -1,0 +1 @@\\n-a\\n+b\\n|3|hunk counts do not match its lines",
                "more new lines than counted|--- a/f\\n+++ b/f\\n@@ -1 +1,0 @@\\n+a\\n-b\\n|3|hunk counts do not match its lines",
                "marker before any line|--- a/f\\n+++ b/f\\n@@ -1 +1 @@\\n\\\\ No newline at end of file\\n-a\\n+b\\n|4|before any line",
                "long garbage line is cut|--- a/f\\n+++ b/f\\n@@ -1 +1 @@\\n-a\\n+b\\nThis line of prose is far longer than forty characters\\n"
                        + "|6|'This line of prose is far longer than fo...'",
            })
    void refusalsNameTheirLine(String name, String text, int line, String message) {
        assertThatThrownBy(() -> parse(text.replace("\\n", "\n")).requireClean())
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(((BadInputException) e).line()).isEqualTo(line));
    }

    @Test
    void proseThatOnlyLooksLikeDiffSyntaxIsNoDiff() {
        // an ed command as the last line, "***" and "---" lines not followed by their partner, a lone signature
        ParsedPatch p = parse("Notes\n-- \n*** starred\nplain\n--- dashed\nplain\n1,2d3\n");
        assertThat(p.diagnostics()).isEmpty();
        assertThat(p.files()).isEmpty();
        assertThat(p.body()).startsWith("Notes");
        assertThatThrownBy(p::requireClean).hasMessageContaining("no diff found");
        assertThat(parse("3a4\n+added\n").diagnostics()).isEmpty();
        assertThat(parse("--- lonely").files()).isEmpty();
    }

    @Test
    void quiltAndDiffRecursiveNoiseBetweenFilesIsAllowed() {
        ParsedPatch p = parse(
                        "Fix two things\nIndex: a.c\n===================================================================\n"
                                + "--- a.c\n+++ a.c\n@@ -1 +1 @@\n-a\n+b\n"
                                + "Only in new: extra.txt\n===\n"
                                + "--- b.c\n+++ b.c\n@@ -1 +1 @@\n-c\n+d\n"
                                + "Index: c.c\n--- c.c\n+++ c.c\n@@ -1 +1 @@\n-e\n+f\n")
                .requireClean();
        assertThat(p.body()).isEqualTo("Fix two things");
        assertThat(p.files())
                .extracting(FilePatch::oldPath)
                .containsExactly(Optional.of("a.c"), Optional.of("b.c"), Optional.of("c.c"));
    }

    @Test
    void crlfBlankContextLastLineWithoutNewlineAndDoubleMarker() {
        ParsedPatch crlf = parse("--- a/f\r\n+++ b/f\r\n@@ -1,3 +1,3 @@\r\n a\r\n\r\n-b\r\n+c\r\n")
                .requireClean();
        assertThat(crlf.files().get(0).hunks().get(0).preimage()).containsExactly("a\r\n", "\r\n", "b\r\n");

        ParsedPatch unterminated =
                parse("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b").requireClean();
        assertThat(unterminated.files().get(0).hunks().get(0).postimage()).containsExactly("b\n");

        ParsedPatch twice = parse("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n"
                        + "\\ No newline at end of file\n")
                .requireClean();
        assertThat(twice.files().get(0).hunks().get(0).postimage()).containsExactly("b");

        ParsedPatch stripped =
                parse("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n").requireClean();
        assertThat(stripped.files().get(0).hunks().get(0).preimage()).containsExactly("a\n", "\n", "b\n");

        ParsedPatch cr = parse("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\r");
        assertThat(cr.files()).hasSize(1);
    }

    @Test
    void quotedPathsAndBareQuote() {
        ParsedPatch p = parse("--- \"a/with space.c\"\n+++ \"b/with space.c\"\n@@ -1 +1 @@\n-a\n+b\n")
                .requireClean();
        assertThat(p.files().get(0).oldPath()).contains("a/with space.c");
        assertThat(FileHeaderReader.headerPath("\"")).isEqualTo("\"");
        assertThat(FileHeaderReader.headerPath("\"x")).isEqualTo("\"x");
        assertThat(FileHeaderReader.headerPath("/dev/null\t2026-01-01")).isNull();
    }

    @Test
    void gitHeadersForCopiesModesAndUnevenPaths() {
        ParsedPatch p = parse("diff --git a/src.c b/copy.c\nsimilarity index 100%\ncopy from src.c\ncopy to copy.c\n"
                        + "diff --git a/gone.c b/gone.c\ndeleted file mode 100755\nindex 1234567..0000000 100755\n"
                        + "--- a/gone.c\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
                        + "diff --git a/new.sh b/new.sh\nnew file mode 100755\nindex 0000000..7654321 100755\n"
                        + "--- /dev/null\n+++ b/new.sh\n@@ -0,0 +1 @@\n+y\n"
                        + "diff --git a/mv.c b/moved/mv.c\ndissimilarity index 80%\nrename from mv.c\nrename to moved/mv.c\n"
                        + "diff --git a/x.c b/x.c\nindex abcdef0\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-p\n+q\n")
                .requireClean();
        assertThat(p.files())
                .extracting(FilePatch::change)
                .containsExactly(
                        FilePatch.Change.COPY,
                        FilePatch.Change.DELETE,
                        FilePatch.Change.ADD,
                        FilePatch.Change.RENAME,
                        FilePatch.Change.MODIFY);
        FilePatch gone = p.files().get(1);
        assertThat(gone.oldMode()).isEqualTo("100755");
        assertThat(gone.oldIndex()).isEqualTo("1234567");
        FilePatch added = p.files().get(2);
        assertThat(added.newMode()).isEqualTo("100755");
        assertThat(added.modeChange()).isFalse();
        assertThat(p.files().get(3).newPath()).contains("b/moved/mv.c");
        assertThat(p.files().get(4).oldIndex()).isEmpty();

        ParsedPatch uneven = parse("diff --git a/one.c b/other-name.c\nold mode 100644\nnew mode 100755\n"
                        + "diff --git foo barr.c\nold mode 100644\nnew mode 100755\n")
                .requireClean();
        assertThat(uneven.files())
                .extracting(FilePatch::oldPath)
                .containsExactly(Optional.of("a/one.c"), Optional.of("foo barr.c"));
        assertThat(uneven.files())
                .extracting(FilePatch::newPath)
                .containsExactly(Optional.of("b/other-name.c"), Optional.of("foo barr.c"));
    }

    @Test
    void hunkLinesAndRecordsRefuseWhatTheyCannotHold() {
        assertThatThrownBy(() -> new Hunk.Line('x', "a\n")).isInstanceOf(IllegalArgumentException.class);
        FilePatch f = new FilePatch(
                Optional.of("a/f"), Optional.of("b/f"), FilePatch.Change.MODIFY, null, null, null, null, List.of(), 1);
        assertThat(f.oldMode()).isEmpty();
        assertThat(f.oldIndex()).isEmpty();
        assertThat(f.modeChange()).isFalse();
        assertThat(new FilePatch(
                                Optional.of("a/f"),
                                Optional.of("b/f"),
                                FilePatch.Change.MODIFY,
                                "100644",
                                "100644",
                                "",
                                "",
                                List.of(),
                                1)
                        .modeChange())
                .isFalse();
        Hunk allContext = new Hunk(1, 2, 1, 2, List.of(new Hunk.Line(' ', "a\n"), new Hunk.Line(' ', "b\n")), 1);
        assertThat(allContext.leadingContext()).isEqualTo(2);
        assertThat(allContext.trailingContext()).isEqualTo(2);
        assertThat(FileLines.of(bytes("a\nb")).size()).isEqualTo(2);
    }

    @Test
    void pathMappingEdges() {
        assertThat(new PatchPaths(1, ".").directory()).isEmpty();
        FilePatch added = new FilePatch(
                Optional.empty(), Optional.of("b/n.c"), FilePatch.Change.ADD, null, null, null, null, List.of(), 1);
        assertThat(new PatchPaths(1, null).oldPath(added)).isEmpty();
        assertThat(new PatchPaths(2, "").map("a/b")).isEmpty();
        assertThat(new PatchPaths(1, "").map("a/../../etc")).isEmpty();
        assertThat(new PatchPaths(1, "sub").map("a/x.c")).contains("sub/x.c");

        FilePatch add = new FilePatch(
                Optional.empty(), Optional.of("b/n.c"), FilePatch.Change.ADD, null, null, null, null, List.of(), 4);
        PatchPaths p1 = new PatchPaths(1, "");
        assertThat(p1.oldPath(add)).isEmpty();
        assertThat(p1.newPath(add)).contains("n.c");
        FilePatch del = new FilePatch(
                Optional.of("a/d.c"), Optional.empty(), FilePatch.Change.DELETE, null, null, null, null, List.of(), 9);
        assertThat(p1.newPath(del)).isEmpty();
        assertThatThrownBy(() -> new PatchPaths(3, "").oldPath(del))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("fewer than 4 segments for -p3")
                .satisfies(e -> assertThat(((BadInputException) e).line()).isEqualTo(9));
    }

    @Test
    void stripLevelGuesses() {
        ParsedPatch addOnlyPlain =
                parse("--- /dev/null\n+++ new.c\n@@ -0,0 +1 @@\n+x\n").requireClean();
        assertThat(PatchPaths.detect(addOnlyPlain, "", f -> true)).contains(0);
        assertThat(PatchPaths.undetectedStrip(addOnlyPlain)).isZero();

        ParsedPatch plain =
                parse("--- old/x.c\n+++ new/x.c\n@@ -1 +1 @@\n-a\n+b\n").requireClean();
        assertThat(PatchPaths.detect(plain, "", f -> false)).isEmpty();
        assertThat(PatchPaths.detect(plain, "", f -> f.equals("x.c"))).contains(1);
        assertThat(PatchPaths.undetectedStrip(plain)).isEqualTo(1);

        ParsedPatch mixed = parse("--- /dev/null\n+++ new/y.c\n@@ -0,0 +1 @@\n+x\n"
                        + "--- old/x.c\n+++ new/x.c\n@@ -1 +1 @@\n-a\n+b\n")
                .requireClean();
        assertThat(PatchPaths.undetectedStrip(mixed)).isEqualTo(1);

        ParsedPatch samePrefix =
                parse("--- src/x.c\n+++ src/x.c\n@@ -1 +1 @@\n-a\n+b\n").requireClean();
        assertThat(PatchPaths.undetectedStrip(samePrefix)).isZero();
        ParsedPatch flat = parse("--- x.c\n+++ y.c\n@@ -1 +1 @@\n-a\n+b\n").requireClean();
        assertThat(PatchPaths.undetectedStrip(flat)).isZero();
        assertThat(PatchPaths.gitPrefixed(parse("--- a/x\n+++ c/x\n@@ -1 +1 @@\n-a\n+b\n")))
                .isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "accepted is merged|Upstream-Status: Accepted [https://example.org/pr/1]|MERGED|https://example.org/pr/1|",
                "denied says nothing|Upstream-Status: Denied|||",
                "commit trailer|Upstream-Commit: ABCDEF1234567|MERGED||abcdef1234567",
                "forwarded url|Forwarded: https://example.org/review/9|SUBMITTED|https://example.org/review/9|",
                "unreadable url|Forwarded: https:///nohost|||",
                "status with a non-url bracket|Upstream-Status: Pending [sent by mail]|PENDING||",
            })
    void mailTrailers(String name, String trailer, String status, String url, String commit) {
        Upstream u = UpstreamTrailers.of(bytes("Subject\n\n" + trailer + "\n---\nUpstream-Status: Submitted\n"));
        assertThat(u.status().map(Upstream.Status::name)).isEqualTo(Optional.ofNullable(status));
        assertThat(u.url()).isEqualTo(url == null ? "" : url);
        assertThat(u.commit()).isEqualTo(commit == null ? "" : commit);
    }

    @Test
    void trailersStopAtTheFirstDiffOrIndex() {
        assertThat(UpstreamTrailers.of(bytes("Index: a.c\nUpstream-Status: Submitted\n")))
                .isEqualTo(Upstream.NONE);
        assertThat(UpstreamTrailers.of(bytes("diff --git a/x b/x\nUpstream-Status: Submitted\n")))
                .isEqualTo(Upstream.NONE);
    }

    @Test
    void refreshedPatchKeepsAuthorOrSubjectAlone() {
        Map<String, Optional<byte[]>> before = Map.of("f.c", Optional.of(bytes("a\n")));
        Map<String, Optional<byte[]>> after = Map.of("f.c", Optional.of(bytes("b\n")));
        String authorOnly = new String(
                refreshed(entry("fix-it", "Pat <p@example.org>", ""), before, after), StandardCharsets.UTF_8);
        assertThat(authorOnly)
                .startsWith("From 0000000000000000000000000000000000000000 ")
                .contains("From: Pat <p@example.org>\nSubject: [PATCH] fix-it\n\n---\ndiff --git a/f.c b/f.c\n");
        String subjectOnly =
                new String(refreshed(entry("fix-it", "", "Fix it"), before, after), StandardCharsets.UTF_8);
        assertThat(subjectOnly).doesNotContain("From: ").contains("Subject: [PATCH] Fix it\n");
        byte[] plain = refreshed(entry("fix-it", "", ""), before, after);
        assertThat(new String(plain, StandardCharsets.UTF_8)).startsWith("diff --git a/f.c b/f.c\n");
        assertThat(DiffWriter.hasDiff(plain)).isTrue();
        assertThat(DiffWriter.hasDiff(refreshed(entry("same", "", ""), before, before)))
                .isFalse();
    }

    @Test
    void storedDiffRendersAddsDeletesAndMissingNewlines() {
        ParsedPatch p = parse(
                        "diff --git a/n.c b/n.c\nnew file mode 100644\n--- /dev/null\n+++ b/n.c\n@@ -0,0 +1 @@\n+n\n"
                                + "\\ No newline at end of file\n"
                                + "diff --git a/d.c b/d.c\ndeleted file mode 100755\n--- a/d.c\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-d\n-e\n"
                                + "--- /dev/null\n+++ b/plain.c\n@@ -0,0 +1 @@\n+p\n")
                .requireClean();
        String out = new String(DiffWriter.stored(entry("e", "", ""), p), StandardCharsets.ISO_8859_1);
        assertThat(out)
                .isEqualTo("diff --git a/sub/n.c b/sub/n.c\nnew file mode 100644\n--- /dev/null\n+++ b/sub/n.c\n"
                        + "@@ -0,0 +1 @@\n+n\n\\ No newline at end of file\n"
                        + "diff --git a/sub/d.c b/sub/d.c\ndeleted file mode 100755\n--- a/sub/d.c\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-d\n-e\n"
                        + "diff --git a/sub/plain.c b/sub/plain.c\nnew file mode 100644\n--- /dev/null\n+++ b/sub/plain.c\n"
                        + "@@ -0,0 +1 @@\n+p\n");
        assertThat(parse(out).requireClean().files()).hasSize(3);
    }

    @Test
    void exportSubjectsAndSlugs() {
        PatchEntry withSubject = entry("id-1", "", "Own subject");
        assertThat(ExportPatches.subject(withSubject)).isEqualTo("Own subject");
        PatchEntry longWhy = Unsealed.why(
                Unsealed.patch("id-2", "c", "x.patch", List.of("f.c")),
                "Teach the loader to find the runtime libraries when the install prefix is relocated after build. More.");
        assertThat(ExportPatches.subject(longWhy))
                .endsWith("...")
                .hasSizeLessThanOrEqualTo(72)
                .startsWith("Teach the loader to find the runtime libraries");
        PatchEntry oneWord = Unsealed.why(Unsealed.patch("id-3", "c", "x.patch", List.of("f.c")), "x".repeat(90));
        assertThat(ExportPatches.subject(oneWord)).isEqualTo("x".repeat(69) + "...");
        assertThat(ExportPatches.subject(Unsealed.patch("id-4", "c", "x.patch", List.of("f.c"))))
                .isEqualTo("id-4");
        assertThat(Slug.PATCH_FILE.of("...")).isEqualTo("patch");
        assertThat(Slug.PATCH_FILE.of("word ".repeat(20)))
                .hasSizeLessThanOrEqualTo(52)
                .doesNotEndWith("-");
    }

    /** The patch a mail-less entry without executable files becomes. */
    private static byte[] refreshed(
            PatchEntry e, Map<String, Optional<byte[]>> before, Map<String, Optional<byte[]>> after) {
        return DiffWriter.refreshed(e, new byte[0], before, after, Map.of(), Map.of());
    }

    private static PatchEntry entry(String id, String author, String subject) {
        return new PatchEntry(
                Entry.Common.of(id, "c", "", List.of()),
                id + ".patch",
                "sub",
                1,
                List.of("f.c"),
                author,
                subject,
                0,
                Optional.empty());
    }
}
