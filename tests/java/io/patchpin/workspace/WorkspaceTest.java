package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {
    @TempDir
    Path tmp;

    @Test
    void resolvesNestedComponentsFromWorkTreeModules() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        try (Workspace ws = Workspace.open(work.dir(), null)) {
            Snapshot snap = ws.snapshot("HEAD");
            assertThat(snap.components().keySet())
                    .containsExactly(
                            ".",
                            TheRockFixture.HALF,
                            TheRockFixture.LLVM,
                            TheRockFixture.SYSTEMS,
                            TheRockFixture.PERFETTO,
                            TheRockFixture.ZLIB);
            Component zlib = snap.component(TheRockFixture.ZLIB).orElseThrow();
            assertThat(zlib.available()).isTrue();
            assertThat(zlib.commit()).isEqualTo(fx.zlib.head());
            assertThat(zlib.parent()).contains(TheRockFixture.PERFETTO);
            assertThat(snap.component(TheRockFixture.HALF).orElseThrow().branch())
                    .contains("rocm");
            FileLookup f = snap.files().read(TheRockFixture.ZLIB, "zlib.h");
            assertThat(f).isInstanceOf(FileLookup.Found.class);
            assertThat(new String(((FileLookup.Found) f).content(), StandardCharsets.UTF_8))
                    .contains("1.3.1");
        }
    }

    @Test
    void bareSuperprojectFindsObjectsInMirror() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path bare = fx.bareSuperproject("bare.git");
        try (Workspace ws = Workspace.open(bare, null)) {
            Snapshot snap = ws.snapshot("HEAD");
            assertThat(snap.components()).hasSize(4); // ., half, llvm, systems: nested unknown without objects
            assertThat(snap.component(TheRockFixture.SYSTEMS).orElseThrow().available())
                    .isFalse();
            assertThat(snap.files().read(TheRockFixture.SYSTEMS, "x")).isInstanceOf(FileLookup.ObjectsMissing.class);
        }
        Path mirror = fx.mirror();
        try (Workspace ws = Workspace.open(bare, mirror)) {
            Snapshot snap = ws.snapshot("HEAD");
            assertThat(snap.components()).hasSize(6);
            assertThat(snap.components().values()).allMatch(Component::available);
        }
    }

    @Test
    void unknownRevisionIsBadInput() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        try (Workspace ws = Workspace.open(fx.therock.dir(), null)) {
            assertThatThrownBy(() -> ws.snapshot("no-such-rev"))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("unknown revision");
        }
    }
}
