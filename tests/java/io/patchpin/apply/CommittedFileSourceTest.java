package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.SmallRepo;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.WorkTreeFileSource;
import io.patchpin.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The superproject's committed files are read through the workspace's own repository, which outlives the source. */
class CommittedFileSourceTest {
    @TempDir
    Path tmp;

    @Test
    void readsTheSuperprojectThroughTheWorkspacesRepositoryAndLeavesItOpen() throws Exception {
        Path root = tmp.resolve("work");
        SmallRepo.commit(root, Map.of("a.txt", "committed\n"));
        Files.writeString(root.resolve("a.txt"), "edited\n");
        try (Workspace ws = Workspace.open(root, null)) {
            try (CommittedFileSource committed = new CommittedFileSource(new WorkTreeFileSource(ws))) {
                assertThat(committed.repo(".")).containsSame(ws.superRepository());
                FileLookup a = committed.read(".", "a.txt");
                assertThat(a).isInstanceOf(FileLookup.Found.class);
                assertThat(new String(((FileLookup.Found) a).content(), StandardCharsets.UTF_8))
                        .isEqualTo("committed\n");
                assertThat(committed.read(".", "missing.txt")).isInstanceOf(FileLookup.FileMissing.class);
            }
            // closing the source left the workspace's repository usable
            assertThat(ws.superRepository().resolve("HEAD^{tree}")).isNotNull();
            try (CommittedFileSource again = new CommittedFileSource(new WorkTreeFileSource(ws))) {
                assertThat(again.read(".", "a.txt")).isInstanceOf(FileLookup.Found.class);
            }
        }
    }
}
