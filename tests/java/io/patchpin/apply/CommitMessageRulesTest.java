package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.testkit.Unsealed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The message and author of an entry's commit, as {@code git am} would write them from the same mail. */
class CommitMessageRulesTest {
    @TempDir
    Path tmp;

    private static final String DIFF = "--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-a\n+b\n";

    private PatchEntry patch(String file, String mail, String why, String author) throws IOException {
        Files.writeString(tmp.resolve(file), mail);
        return new PatchEntry(
                Entry.Common.of("p1", ".", why, List.of()),
                file,
                "",
                1,
                List.of("f.txt"),
                author,
                "",
                0,
                Optional.empty());
    }

    @Test
    void subjectsLoseWhatMailinfoDrops() {
        assertThat(CommitMessage.subject("  Re: RE:re:[PATCH 1/2] [AMDGPU]: fix it "))
                .isEqualTo("fix it");
        assertThat(CommitMessage.subject("Re:")).isEqualTo("Re:");
        assertThat(CommitMessage.subject("Rex: keep")).isEqualTo("Rex: keep");
        assertThat(CommitMessage.subject("Ra: keep")).isEqualTo("Ra: keep");
        assertThat(CommitMessage.subject("[unclosed block")).isEqualTo("[unclosed block");
        assertThat(CommitMessage.subject("\t:: ")).isEmpty();
    }

    @Test
    void stripspaceAsGitDoes() {
        assertThat(CommitMessage.stripspace("\n\n subject \r\n\n\n\nbody\t\n\n"))
                .isEqualTo(" subject\n\nbody\n");
        assertThat(CommitMessage.stripspace(" \n\t\n")).isEmpty();
    }

    @Test
    void aMailGivesAuthorDateAndMessage() throws IOException {
        PatchEntry e = patch(
                "0001.patch",
                "From: A U Thor <author@example.com>\nDate: Tue, 3 Jun 2025 10:00:00 +0200\n"
                        + "Subject: [PATCH] Fix the build\n\nThe body\nof the change.\n---\n" + DIFF,
                "why",
                "");
        CommitMessage m = CommitMessage.of(e, tmp);
        assertThat(m.authorName()).isEqualTo("A U Thor");
        assertThat(m.authorMail()).isEqualTo("author@example.com");
        assertThat(m.date()).hasValueSatisfying(d -> assertThat(d.getOffset().getTotalSeconds())
                .isEqualTo(7200));
        assertThat(m.message()).isEqualTo("Fix the build\n\nThe body\nof the change.\n");
    }

    @Test
    void aMailWithoutBodyTakesTheWhyAndAnOddDateIsDropped() throws IOException {
        PatchEntry e = patch(
                "0002.patch",
                "From: Someone <s@example.com>\nDate: sometime last week\n" + "Subject: Tidy\n\n---\n" + DIFF,
                "  because it was untidy  ",
                "");
        CommitMessage m = CommitMessage.of(e, tmp);
        assertThat(m.date()).isEmpty();
        assertThat(m.message()).isEqualTo("Tidy\n\nbecause it was untidy\n");
    }

    @Test
    void aPlainDiffTakesTheWhyAndTheEntrysAuthor() throws IOException {
        PatchEntry e = patch("plain.diff", DIFF, "First line\nmore detail", "Plain Name");
        CommitMessage m = CommitMessage.of(e, tmp);
        assertThat(m.author()).isEqualTo("Plain Name");
        assertThat(m.authorName()).isEqualTo("Plain Name");
        assertThat(m.authorMail()).isEmpty();
        assertThat(m.date()).isEqualTo(Optional.empty());
        assertThat(m.message()).isEqualTo("First line\n\nmore detail\n\nPatchpin-Entry: p1\n");
        assertThat(new CommitMessage("odd > order <", Optional.empty(), "").authorMail())
                .isEmpty();
    }

    @Test
    void entriesWithoutWhyAreNamedByKindAndId() {
        RewriteEntry r = Unsealed.rewrite("nvptx", ".", "f", "a", "b");
        assertThat(CommitMessage.of(r, tmp).message()).isEqualTo("rewrite nvptx\n\nPatchpin-Entry: nvptx\n");
        InsertEntry i = Unsealed.why(Unsealed.insert("ins", ".", "f", "a", "x"), "One line");
        CommitMessage m = CommitMessage.of(i, tmp);
        assertThat(m.message()).isEqualTo("One line\n\nPatchpin-Entry: ins\n");
        assertThat(m.author()).isEmpty();
    }
}
