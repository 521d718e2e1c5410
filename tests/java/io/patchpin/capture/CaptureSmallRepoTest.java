package io.patchpin.capture;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Slug;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.SmallRepo;
import io.patchpin.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** capture in-process on a one-repository workspace: ids per file, the set's own folder, binary files, long names. */
class CaptureSmallRepoTest {
    @TempDir
    Path tmp;

    Path root;
    Path dir;

    @BeforeEach
    void repo() throws Exception {
        root = tmp.resolve("work");
        SmallRepo.commit(root, Map.of("a.txt", "one\n", "src/b.txt", "two\n"));
        dir = root.resolve("patchsets/local"); // inside the work tree: never captured as an edit of its own
        try (Workspace ws = Workspace.open(root, null)) {
            Authoring.create(ws, new Authoring.NewSet(dir, "HEAD", null, "", List.of(), Map.of(), List.of()), false);
        }
    }

    @Test
    void perFileIdsStayUniqueAndTheSetsOwnFolderIsNotAnEdit() throws Exception {
        Files.writeString(root.resolve("a.txt"), "one\nmore\n");
        Files.writeString(root.resolve("src/b.txt"), "TWO\n");
        try (Workspace ws = Workspace.open(root, null)) {
            Capture.run(ws, new Capture.Request(dir, true, "x"));
            assertThat(PatchsetStore.read(dir).entries())
                    .extracting(Entry::id)
                    .containsExactly("x-a.txt", "x-src-b.txt");
            Files.writeString(root.resolve("a.txt"), "one\nmore\nand more\n");
            Capture.run(ws, new Capture.Request(dir, true, "x"));
            assertThat(PatchsetStore.read(dir).entries())
                    .extracting(Entry::id)
                    .containsExactly("x-a.txt", "x-src-b.txt", "x-a.txt-2");
        }
    }

    @Test
    void binaryFilesAreRefused() throws Exception {
        Files.write(root.resolve("a.txt"), new byte[] {'o', 0, 'e', '\n'});
        try (Workspace ws = Workspace.open(root, null)) {
            assertThatThrownBy(() -> Capture.run(ws, new Capture.Request(dir, false, "capture")))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                            .isEqualTo(root.resolve("a.txt") + ": binary files cannot be captured as patches"));
        }
        assertThat(PatchsetStore.read(dir).entries()).isEmpty();
    }

    @Test
    void slugsKeepTheEndOfLongNames() {
        assertThat(Slug.CAPTURED_PATH.of("Compiler/AMD-LLVM")).isEqualTo("compiler-amd-llvm");
        assertThat(Slug.CAPTURED_PATH.of("--.x--")).isEqualTo("x");
        String deep = "a/".repeat(40) + "very-deep/file.txt";
        assertThat(Slug.CAPTURED_PATH.of(deep))
                .hasSizeLessThanOrEqualTo(60)
                .endsWith("very-deep-file.txt")
                .doesNotStartWith("-");
    }
}
