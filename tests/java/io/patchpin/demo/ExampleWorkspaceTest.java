package io.patchpin.demo;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExampleWorkspaceTest {
    @TempDir
    Path tmp;

    @Test
    void generatesThreeLevelsAndMovesUpstreamThroughGitlinks() {
        try (ExampleWorkspace ex = ExampleWorkspace.create(tmp)) {
            String before;
            try (Workspace ws = Workspace.open(ex.workTree(), null)) {
                Snapshot snap = ws.snapshot("HEAD");
                assertThat(snap.components().keySet())
                        .containsExactly(
                                ".", ExampleWorkspace.LLVM, ExampleWorkspace.SYSTEMS, ExampleWorkspace.PERFETTO);
                assertThat(snap.components().values()).allMatch(c -> c.available());
                before = snap.component(ExampleWorkspace.PERFETTO).orElseThrow().commit();
            }
            ex.change(
                    ExampleWorkspace.PERFETTO,
                    "perfetto v50",
                    Map.of("CMakeLists.txt", "project(perfetto)\nset(PERFETTO_VERSION 50)\n"));
            try (Workspace ws = Workspace.open(ex.workTree(), null)) {
                Snapshot snap = ws.snapshot("HEAD");
                assertThat(snap.component(ExampleWorkspace.PERFETTO)
                                .orElseThrow()
                                .commit())
                        .isNotEqualTo(before);
                Snapshot old = ws.snapshot("HEAD~1");
                assertThat(old.component(ExampleWorkspace.PERFETTO)
                                .orElseThrow()
                                .commit())
                        .isEqualTo(before);
            }
        }
    }

    @Test
    void isTheSameCommitInAnyFolder() throws Exception {
        try (ExampleWorkspace a = ExampleWorkspace.create(tmp.resolve("a"));
                ExampleWorkspace b =
                        ExampleWorkspace.create(tmp.resolve("elsewhere").resolve("b"));
                Workspace wa = Workspace.open(a.workTree(), null);
                Workspace wb = Workspace.open(b.workTree(), null)) {
            assertThat(wa.snapshot("HEAD").component(".").orElseThrow().commit())
                    .isEqualTo(wb.snapshot("HEAD").component(".").orElseThrow().commit());
        }
    }
}
