package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PatchParserTest {
    static ParsedPatch parse(String text) {
        return PatchParser.parse("x.patch", text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void formatPatchMailKeepsAuthorSubjectAndBody() {
        ParsedPatch p = parse("From 0123456789012345678901234567890123456789 Mon Sep 17 00:00:00 2001\n"
                        + "From: Pat Pin <pat@example.org>\nDate: Mon, 1 Jan 2026 00:00:00 +0000\n"
                        + "Subject: [PATCH 2/3] Drop termio from the sanitizer\n  for glibc 2.42\n\nBecause glibc removed it.\n---\n"
                        + " a.c | 2 +-\n\ndiff --git a/a.c b/a.c\nindex 1111111..2222222 100644\n--- a/a.c\n+++ b/a.c\n"
                        + "@@ -1,2 +1,2 @@\n x\n-y\n+z\n-- \n2.39.5\n")
                .requireClean();
        assertThat(p.author()).isEqualTo("Pat Pin <pat@example.org>");
        assertThat(p.subject()).isEqualTo("Drop termio from the sanitizer for glibc 2.42");
        assertThat(p.body()).isEqualTo("Because glibc removed it.");
        assertThat(p.files()).hasSize(1);
        assertThat(p.files().get(0).oldIndex()).isEqualTo("1111111");
    }

    @Test
    void diffAurWithTimestampsAndSpaces() {
        ParsedPatch p = parse("diff -aur temptes/a.inc bbbbbbbb/a.inc\n"
                        + "--- temptes/a.inc 2025-10-16 00:40:37.393039930 -0500\n"
                        + "+++ bbbbbbbb/a.inc\t2025-10-16 00:42:15.723673501 -0500\n@@ -1,2 +1,1 @@\n x\n-y\n"
                        + "diff -aur temptes/b.h bbbbbbbb/b.h\n--- temptes/b.h 2025-10-16 00:40:19.094256617 -0500\n"
                        + "+++ bbbbbbbb/b.h  2025-10-16 00:43:00.723836368 -0500\n@@ -1 +1 @@\n-q\n+r\n")
                .requireClean();
        assertThat(p.files())
                .extracting(FilePatch::oldPath)
                .containsExactly(Optional.of("temptes/a.inc"), Optional.of("temptes/b.h"));
        assertThat(p.files())
                .extracting(FilePatch::newPath)
                .containsExactly(Optional.of("bbbbbbbb/a.inc"), Optional.of("bbbbbbbb/b.h"));
    }

    @Test
    void renamesNewDeletedAndModeChanges() {
        ParsedPatch p = parse("diff --git a/old.c b/new.c\nsimilarity index 90%\nrename from old.c\nrename to new.c\n"
                        + "--- a/old.c\n+++ b/new.c\n@@ -1 +1 @@\n-a\n+b\n"
                        + "diff --git a/n.txt b/n.txt\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+n\n"
                        + "diff --git a/d.txt b/d.txt\ndeleted file mode 100644\n--- a/d.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-d\n"
                        + "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n")
                .requireClean();
        assertThat(p.files())
                .extracting(FilePatch::change)
                .containsExactly(
                        FilePatch.Change.RENAME,
                        FilePatch.Change.ADD,
                        FilePatch.Change.DELETE,
                        FilePatch.Change.MODIFY);
        assertThat(p.files().get(3).modeChange()).isTrue();
        assertThat(new PatchPaths(1, "").files(p)).containsExactly("d.txt", "n.txt", "new.c", "old.c", "run.sh");
    }

    @Test
    void noNewlineMarkerStripsTheTerminator() {
        ParsedPatch p = parse("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n")
                .requireClean();
        assertThat(p.files().get(0).hunks().get(0).preimage()).containsExactly("a");
        assertThat(p.files().get(0).hunks().get(0).postimage()).containsExactly("a\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "truncated hunk|--- a/f\\n+++ b/f\\n@@ -1,3 +1,3 @@\\n a\\n-b\\n|3|truncated hunk",
                "count mismatch|--- a/f\\n+++ b/f\\n@@ -1,3 +1,3 @@\\n a\\n-b\\n+c\\nGARBAGE\\n c\\n|7|hunk counts do not match",
                "extra lines|--- a/f\\n+++ b/f\\n@@ -1,1 +1,1 @@\\n-b\\n+c\\n+d\\n|6|hunk counts do not match",
                "garbage between hunks|--- a/f\\n+++ b/f\\n@@ -1 +1 @@\\n-b\\n+c\\nrm -rf /\\n@@ -5 +5 @@\\n-x\\n+y\\n|6|garbage between hunks",
                "dot dot|--- a/../etc/passwd\\n+++ b/../etc/passwd\\n@@ -1 +1 @@\\n-b\\n+c\\n|1|escapes the workspace",
                "absolute|--- /etc/passwd\\n+++ /etc/passwd\\n@@ -1 +1 @@\\n-b\\n+c\\n|1|absolute path",
                "into .git|--- a/.git/config\\n+++ b/.git/config\\n@@ -1 +1 @@\\n-b\\n+c\\n|1|.git",
                "binary|diff --git a/x.png b/x.png\\nindex 1111111..2222222 100644\\nGIT binary patch\\nliteral 5\\n|1|binary patches are refused",
                "ed script|1c\\n!/bin/sh rm -rf ~\\n.\\n|1|ed-style diffs are refused",
            })
    void badInputNamesFileAndLine(String name, String text, int line, String message) {
        assertThatThrownBy(() -> parse(text.replace("\\n", "\n")).requireClean())
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(message)
                .satisfies(e -> {
                    BadInputException b = (BadInputException) e;
                    assertThat(b.source()).isEqualTo("x.patch");
                    assertThat(b.line()).isEqualTo(line);
                });
    }
}
