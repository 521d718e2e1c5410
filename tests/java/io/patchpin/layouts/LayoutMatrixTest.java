package io.patchpin.layouts;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checkout's shapes, {@link CommandMatrix} on each: the plain clone, sparse checkouts (cone and not), a linked
 * work tree, a submodule holding its own {@code .git} folder; and the line-ending conversions patchpin refuses.
 * The index's and the history's shapes are {@link IndexAndCloneLayoutMatrixTest}'s, so the two test JVMs share
 * the matrix.
 */
class LayoutMatrixTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(
            value = Layout.class,
            names = {"PLAIN", "SPARSE_CONE", "SPARSE_NON_CONE", "LINKED_WORKTREE", "GIT_FOLDER_INSIDE"})
    void everyCommandLeavesExactlyTheEntriesEdits(Layout layout) throws Exception {
        CommandMatrix.run(tmp, layout);
    }

    /**
     * Checkouts that convert line endings ({@code core.autocrlf}, {@code eol} attributes) are not supported
     * yet: the CRLF files are refused as unexplained edits before anything is written, and stay as they are.
     */
    @ParameterizedTest
    @ValueSource(strings = {"autocrlf", "eol"})
    void lineEndingConversionsAreRefusedWithNothingWritten(String how) throws Exception {
        Shape s = Shape.plain(tmp);
        if (how.equals("autocrlf")) {
            Repo.at(s.comp()).config("core.autocrlf", "true");
        } else {
            Path info = Path.of(Git.run(s.comp(), "rev-parse", "--git-path", "info/attributes"));
            Shape.write(s.comp().resolve(info), "*.txt text eol=crlf\n");
        }
        Files.delete(s.comp().resolve("src/f1.txt"));
        // the test kit runs git with core.autocrlf=false: a later -c wins
        Git.run(s.comp(), "-c", "core.autocrlf=" + how.equals("autocrlf"), "checkout", "--", "src/f1.txt");
        assertThat(Files.readString(s.comp().resolve("src/f1.txt"))).contains("\r\n");
        String before = s.status();
        for (String[] args : List.of(
                new String[] {"apply", s.set.toString()}, new String[] {"apply", s.set.toString(), "--commit"})) {
            Cli.Run r = s.run(args);
            assertThat(r.exit()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).contains("nothing written");
            assertThat(s.status()).isEqualTo(before);
        }
        assertThat(Files.readString(s.comp().resolve("src/f1.txt"))).contains("value = 1\r\n");
        s.fsck();
    }
}
