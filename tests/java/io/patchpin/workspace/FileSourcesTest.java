package io.patchpin.workspace;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.safety.Recovery;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.nio.file.Path;
import java.util.SortedSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading components from the work tree and from a revision, on one read-only copy of the fixture. */
class FileSourcesTest {
    @TempDir
    static Path shared;

    private static Workspace ws;
    private static Snapshot snap;

    @TempDir
    Path tmp;

    @BeforeAll
    static void open() {
        TheRockFixture fx = TheRockFixture.create(shared.resolve("fx"));
        ws = Workspace.open(fx.cloneWorkTree("work").dir(), null);
        snap = ws.snapshot("HEAD");
    }

    @AfterAll
    static void close() {
        ws.close();
    }

    @Test
    void theWorkTreeListsAComponentsOwnFilesNotItsSubmodulesNorItsGitFolder() {
        WorkTreeFileSource files = new WorkTreeFileSource(ws);
        SortedSet<String> top = files.list(".").orElseThrow();
        assertThat(top)
                .contains(COMPILER_CMAKE, ".gitmodules")
                .noneMatch(p -> p.startsWith(HALF + "/") || p.startsWith(SYSTEMS + "/") || p.startsWith(".git/"));
        assertThat(files.list(SYSTEMS).orElseThrow())
                .contains("projects/rocprofiler-sdk/CMakeLists.txt")
                .noneMatch(p -> p.contains("external/perfetto/"));
        assertThat(files.list("no/such")).isEmpty();
        assertThat(files.revision()).isEmpty();
        assertThat(files.describe()).isEqualTo("work tree");
    }

    @Test
    void gitlinksAreFoundInTheDeepestCheckoutAroundThem() {
        WorkTreeFileSource files = new WorkTreeFileSource(ws);
        assertThat(files.isGitlink(".")).isFalse();
        assertThat(files.isGitlink(HALF)).isTrue();
        assertThat(files.isGitlink(PERFETTO)).as("a gitlink of rocm-systems").isTrue();
        assertThat(files.isGitlink(SYSTEMS + "/projects/rocprofiler-sdk")).isFalse();
        assertThat(files.isGitlink("compiler/nothing")).isFalse();
    }

    @Test
    void blobsComeFromTheCheckoutsObjects() {
        WorkTreeFileSource files = new WorkTreeFileSource(ws);
        FileLookup.Found half = (FileLookup.Found) snap.files().read(HALF, "include/half.hpp");
        assertThat(files.blob(HALF, half.blobId()))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(half.content()));
        assertThat(files.blob("no/such", half.blobId())).isEmpty();
        assertThat(files.blob(HALF, "0".repeat(40))).isEmpty();
    }

    @Test
    void aRevisionListsTrackedFilesAndReadsOnlyFiles() {
        RevisionFileSource files = snap.files();
        assertThat(files.list(".").orElseThrow())
                .contains(COMPILER_CMAKE, ".gitmodules")
                .doesNotContain(HALF, "compiler");
        assertThat(files.list(PERFETTO).orElseThrow()).containsExactly(".gitmodules", "BUILD.gn");
        assertThat(files.list("no/such")).isEmpty();
        assertThat(files.read(".", "compiler")).as("a folder is no file").isInstanceOf(FileLookup.FileMissing.class);
        assertThat(files.read(".", HALF)).as("a gitlink is no file").isInstanceOf(FileLookup.FileMissing.class);
        assertThat(files.revision()).contains(snap.commit());
        assertThat(files.describe()).isEqualTo("revision " + snap.commit().substring(0, 12));
        assertThat(files.snapshot()).isSameAs(snap);
    }

    @Test
    void noRenameIsFoundWhereNothingMovedOrNothingIsKnown() {
        assertThat(RenameDetection.of(snap, snap, ".", COMPILER_CMAKE)).isEmpty();
        assertThat(RenameDetection.of(snap, snap, "no/such", COMPILER_CMAKE)).isEmpty();
    }

    @Test
    void oddGitmodulesEntriesAreNoComponentsAndAnUnreadableOneIsBadInput() {
        Repo odd = Repo.init(tmp.resolve("odd"))
                .write("README", "odd\n")
                .write(
                        ".gitmodules",
                        "[submodule \"nopath\"]\n\turl = https://example.org/a.git\n"
                                + "[submodule \"absent\"]\n\tpath = absent\n\turl = https://example.org/b.git\n"
                                + "[submodule \"file\"]\n\tpath = README\n\turl = ../c.git\n");
        odd.commit("odd .gitmodules");
        try (Workspace own = Workspace.open(odd.dir(), null)) {
            assertThat(own.snapshot("HEAD").components().keySet()).containsExactly(".");
        }
        odd.write(".gitmodules", "[submodule \"x\"\n\tpath = x\n");
        String bad = odd.commit("broken .gitmodules");
        try (Workspace own = Workspace.open(odd.dir(), null)) {
            assertThatThrownBy(() -> own.snapshot("HEAD"))
                    .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.source())
                            .isEqualTo(".gitmodules of . at " + bad.substring(0, 12)))
                    .hasMessageContaining("invalid .gitmodules");
        }
    }

    @Test
    void relativeSubmoduleUrlsResolveAgainstTheParentsAsGitDoes() {
        assertThat(SnapshotResolver.resolveUrl("https://h/ROCm/TheRock.git/", "../rocm-systems.git"))
                .isEqualTo("https://h/ROCm/rocm-systems.git");
        assertThat(SnapshotResolver.resolveUrl("https://h/ROCm/TheRock", "./sub"))
                .isEqualTo("https://h/ROCm/TheRock/sub");
        assertThat(SnapshotResolver.resolveUrl("git@h:ROCm/TheRock.git", "../x.git"))
                .isEqualTo("git@h:ROCm/x.git");
        assertThat(SnapshotResolver.resolveUrl("git@h:ROCm/TheRock.git", "../../x.git"))
                .as("as git: cut to the host")
                .isEqualTo("git@h:x.git");
        assertThat(SnapshotResolver.resolveUrl("file:///srv/git/TheRock", "./../x"))
                .isEqualTo("file:///srv/git/x");
        assertThat(SnapshotResolver.resolveUrl(null, "../x")).isEqualTo("../x");
        assertThat(SnapshotResolver.resolveUrl("https://h/a", "https://h/b")).isEqualTo("https://h/b");
        assertThat(SnapshotResolver.resolveUrl("https://h/a", null)).isNull();
    }

    @Test
    void revisionsThatAreNoCommitOrNoReflogEntryAreBadInput() {
        assertThatThrownBy(() -> ws.resolve("HEAD@{99}"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("no such reflog entry here");
        assertThatThrownBy(() -> ws.resolve("--onto", "HEAD^{tree}"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("does not name a commit (it names a tree)");
        assertThat(Recovery.gitDirOf(ws))
                .contains(ws.superRepository().getDirectory().toPath());
    }
}
