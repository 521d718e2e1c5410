package io.patchpin.kind;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.check.Evidence;
import io.patchpin.core.Settings;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.Sealer;
import io.patchpin.testkit.Unsealed;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each kind answers for itself: the behaviour chosen from the entry, and what only one kind has. */
class EntryKindTest {
    private static final RewriteEntry REWRITE = Unsealed.rewrite("r", ".", "f", "foo", "bar");
    private static final RewriteEntry REGEX = Unsealed.rewrite("x", ".", "f", "fo+", "bar", true, Occurrence.ALL);
    private static final InsertEntry INSERT = Unsealed.insert("i", ".", "f", "foo", "NEW\n");
    private static final PatchEntry PATCH = new PatchEntry(
            Entry.Common.of("p", ".", "", List.of()),
            "p.patch",
            "",
            1,
            List.of("f"),
            "A <a@b>",
            "Fix",
            0,
            Optional.empty());

    @Test
    void everyKindIsChosenFromItsEntry() {
        for (Entry e : List.of(REWRITE, INSERT, PATCH)) {
            assertThat(EntryKind.of(e).entry()).isSameAs(e);
        }
        assertThat(EntryKind.of(REWRITE)).isInstanceOf(TextKind.class);
        assertThat(EntryKind.of(INSERT)).isInstanceOf(TextKind.class);
        assertThat(EntryKind.of(PATCH)).isInstanceOf(PatchKind.class);
    }

    @Test
    void onlyALiteralRewriteOfEveryMatchIsASubstitution() {
        assertThat(EntryKind.of(REWRITE).substitution()).contains(new EntryKind.Substitution("f", "foo", "bar"));
        assertThat(EntryKind.of(REGEX).substitution()).isEmpty();
        assertThat(EntryKind.of(REWRITE.unsealed()).substitution()).isPresent();
        RewriteEntry second = Unsealed.rewrite("n", ".", "f", "foo", "bar", false, new Occurrence(2));
        assertThat(EntryKind.of(second).substitution()).isEmpty();
        assertThat(EntryKind.of(INSERT).substitution()).isEmpty();
        assertThat(EntryKind.of(PATCH).substitution()).isEmpty();
    }

    @Test
    void anUndoNamesTheTextAnEntryPutsInItsFile() {
        assertThat(EntryKind.of(REWRITE).editedText()).contains("bar");
        assertThat(EntryKind.of(REGEX).editedText()).isEmpty();
        assertThat(EntryKind.of(INSERT).editedText()).contains("NEW\n");
        assertThat(EntryKind.of(PATCH).editedText()).isEmpty();
    }

    @Test
    void aPatchIsResolvedInItsFilesAndSealedFromItsPatchFile(@TempDir Path dir) {
        assertThat(EntryKind.of(PATCH).resolvedInFiles()).isTrue();
        assertThat(EntryKind.of(REWRITE).resolvedInFiles()).isFalse();
        assertThat(EntryKind.of(INSERT).resolvedInFiles()).isFalse();
        assertThatThrownBy(() -> EntryKind.of(PATCH).seal("foo\n".getBytes(StandardCharsets.UTF_8), Settings.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a text entry");
        assertThat(EntryKind.of(PATCH).upgraded(() -> {
                    throw new AssertionError("a patch's seal needs no base");
                }))
                .isSameAs(PATCH);
        assertThat(EntryKind.of(REWRITE).storedDiff(dir)).isEmpty();
        assertThat(EntryKind.of(INSERT).reviewLine(dir, Evidence.NONE)).isEmpty();
        assertThat(EntryKind.of(PATCH).reviewLine(dir, Evidence.NONE)).isEmpty();
        assertThat(EntryKind.of(REWRITE).conflictFiles(null, "onto")).isEmpty();
    }

    @Test
    void anUnsealedTextEntryIsNotWorthAReadOfItsBase() {
        assertThat(EntryKind.of(REWRITE).upgraded(() -> {
                    throw new AssertionError("no seal to upgrade");
                }))
                .isSameAs(REWRITE);
    }

    @Test
    void aTextEntryIsSealedOnItsFile() {
        var s = EntryKind.of(INSERT)
                .seal("a\nfoo\nb\n".getBytes(StandardCharsets.UTF_8), Settings.DEFAULT)
                .orElseThrow();
        assertThat(new String(s.after(), StandardCharsets.UTF_8)).isEqualTo("a\nfoo\nNEW\nb\n");
        assertThat(((Sealer.Refused)
                                EntryKind.of(REWRITE).seal("x\n".getBytes(StandardCharsets.UTF_8), Settings.DEFAULT))
                        .why())
                .contains("not found");
    }

    @Test
    void aRewriteToNothingIsDescribedAsADeletion() {
        RewriteEntry delete = Unsealed.rewrite("d", ".", "f", "foo", "");
        assertThat(EntryKind.of(delete).describe()).isEqualTo("Delete 'foo' in f");
    }

    @Test
    void eachKindSaysWhatItsEditDoesInOneLine() {
        assertThat(EntryKind.of(REWRITE).describe()).isEqualTo("Replace 'foo' with 'bar' in f");
        assertThat(EntryKind.of(REGEX).describe()).isEqualTo("Rewrite /fo+/ as 'bar' in f");
        RewriteEntry second = Unsealed.rewrite("n", "c", "a/b/f.cmake", "x\ny", "z", false, new Occurrence(2));
        assertThat(EntryKind.of(second).describe()).isEqualTo("Replace 'x...' with 'z' in f.cmake (match 2)");
        assertThat(EntryKind.of(INSERT).describe()).isEqualTo("Insert 'NEW' after 'foo' in f");
        assertThat(EntryKind.of(PATCH).describe()).isEqualTo("Fix");
        assertThat(EntryKind.of(Unsealed.patch("q", ".", "q.patch", List.of("a/x.c", "y.h")))
                        .describe())
                .isEqualTo("Patch x.c, y.h");
    }
}
