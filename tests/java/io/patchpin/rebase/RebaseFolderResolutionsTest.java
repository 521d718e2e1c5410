package io.patchpin.rebase;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.report.RebaseJson;
import io.patchpin.safety.Writes;
import io.patchpin.testkit.Unsealed;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rebase folder a conflict leaves, read back as the user's resolutions, with no repository involved. */
class RebaseFolderResolutionsTest {
    private static final String BASE = "1".repeat(40);
    private static final String ONTO = "2".repeat(40);

    @TempDir
    Path dir;

    Patchset set;
    RewriteEntry rewrite = Unsealed.rewrite("r", "c", "f.txt", "a", "b");
    PatchEntry patch = Unsealed.patch("p", "c", "p.patch", List.of("a.c", "sub/b.c"));
    InsertEntry insert = Unsealed.insert("i", "c", "g.txt", "x", "y");

    @BeforeEach
    void setUp() throws Exception {
        set = Patchset.empty("mine", Optional.of(BASE))
                .plus(rewrite)
                .plus(patch)
                .plus(insert);
        PatchsetStore.write(dir, set, false);
        Files.writeString(dir.resolve("p.patch"), "--- a/a.c\n+++ b/a.c\n@@ -1 +1 @@\n-x\n+y\n");
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private Plan.Conflict conflict(Entry e, Map<String, Optional<byte[]>> files) {
        return new Plan.Conflict(e, EntryVerdict.of(e, Verdict.CONFLICT, "broken", Evidence.NONE), files);
    }

    private RebaseFolder written() {
        RebaseFolder folder = new RebaseFolder(dir);
        RebaseFolder.State state = new RebaseFolder.State(ONTO, true, folder.patchsetDigest(), Set.of("r"));
        Plan plan = new Plan(
                List.of(),
                new TreeMap<>(),
                List.of(),
                List.of(
                        conflict(rewrite, Map.of()),
                        conflict(
                                patch,
                                Map.of(
                                        "a.c",
                                        Optional.of(utf8("<<<<<<< ours\nx\n=======\ny\n>>>>>>> theirs\n")),
                                        "sub/b.c",
                                        Optional.empty()))));
        folder.write(state, set, plan, "REPORT\n", false);
        return folder;
    }

    @Test
    void stateRoundTripsWithTheAcceptedDrift() {
        RebaseFolder folder = written();
        RebaseFolder.State s = folder.state();
        assertThat(s.onto()).isEqualTo(ONTO);
        assertThat(s.keepApplied()).isTrue();
        assertThat(s.acceptDrift()).containsExactly("r");
        assertThat(s.accepts("r")).isTrue();
        assertThat(s.accepts("p")).isFalse();
        assertThat(s.accepting(Set.of("all")).accepts("p")).isTrue();
        assertThat(folder.root().resolve("REPORT.txt")).hasContent("REPORT");
        assertThat(folder.root().resolve("p/sub/b.c")).doesNotExist();
    }

    @Test
    void markersLeftAreBadInputWithTheirLineAndMissingFilesAreDeletions() throws Exception {
        RebaseFolder folder = written();
        Path a = folder.root().resolve("p/a.c");
        assertThatThrownBy(() -> folder.resolutions(set))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("conflict marker left")
                .satisfies(e -> assertThat(((BadInputException) e).line()).isEqualTo(1))
                .satisfies(e -> assertThat(((BadInputException) e).source()).isEqualTo(a.toString()));

        Files.writeString(a, "resolved\n");
        RebaseFolder.Resolutions r = folder.resolutions(set);
        assertThat(r.patchFiles().get("p").get("a.c"))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(utf8("resolved\n")));
        assertThat(r.patchFiles().get("p").get("sub/b.c")).isEmpty();
        assertThat(r.entries().get("r"))
                .hasValueSatisfying(e -> assertThat(e.id()).isEqualTo("r"));
        assertThat(r.entries()).doesNotContainKey("i");
        assertThat(r.isEmpty()).isFalse();
        assertThat(RebaseFolder.Resolutions.NONE.isEmpty()).isTrue();
        assertThat(new RebaseFolder.Resolutions(Map.of(), Map.of("r", Optional.empty())).isEmpty())
                .isFalse();
        assertThat(new RebaseFolder.Resolutions(Map.of("p", Map.of()), Map.of()).isEmpty())
                .isFalse();

        // a second write keeps what the user already edited
        written();
        assertThat(a).hasContent("resolved");
    }

    @Test
    void anEditedEntryFolderMustHoldThatOneEntryOrNoneAndDropWins() throws Exception {
        RebaseFolder folder = written();
        Path r = folder.root().resolve("r");
        PatchsetStore.write(r, Patchset.empty("mine", Optional.of(ONTO)).plus(insert), false);
        assertThatThrownBy(() -> folder.resolutions(set))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("must hold the one entry 'r' (or none, to drop it)");
        PatchsetStore.write(
                r, Patchset.empty("mine", Optional.of(ONTO)).plus(rewrite).plus(insert), false);
        assertThatThrownBy(() -> folder.resolutions(set)).hasMessageContaining("must hold the one entry");
        PatchsetStore.write(r, Patchset.empty("mine", Optional.of(ONTO)), false);
        Files.writeString(folder.root().resolve("p/a.c"), "ok\n");
        assertThat(folder.resolutions(set).entries().get("r")).isEmpty();

        Files.createDirectories(folder.root().resolve("i"));
        Files.writeString(folder.root().resolve("i").resolve(RebaseFolder.DROP), "");
        assertThat(folder.resolutions(set).entries()).containsEntry("i", Optional.empty());
    }

    @Test
    void aPatchFilePathThatLeavesTheFolderIsRefused() throws Exception {
        PatchEntry sneaky = Unsealed.patch("s", "c", "s.patch", List.of("../escape.c"));
        Patchset withSneaky = set.plus(sneaky);
        RebaseFolder folder = written();
        Files.writeString(folder.root().resolve("p/a.c"), "ok\n");
        folder.root().resolve("s").toFile().mkdirs();
        assertThatThrownBy(() -> folder.resolutions(withSneaky))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("../escape.c");
    }

    @Test
    void resumeRefusesAPatchsetChangedSinceTheStartAndAbortRemovesTheFolder() throws Exception {
        RebaseFolder folder = written();
        PatchsetStore.write(dir, set.withEntries(List.of(rewrite)), false);
        assertThatThrownBy(() -> Rebase.resume(null, dir, Set.of()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("changed since the rebase started");
        assertThat(Rebase.abort(dir).exitCode()).isEqualTo(ExitCode.OK);
        assertThat(folder.root()).doesNotExist();
        folder.remove();
        assertThatThrownBy(() -> Rebase.abort(dir)).hasMessageContaining("no rebase in progress to abort");
        assertThatThrownBy(folder::state).hasMessageContaining("no rebase in progress");
    }

    @Test
    void patchsetFilesDeleteOnlyWhatIsThere() {
        Rebase.PatchsetFiles files = new Rebase.PatchsetFiles(dir);
        files.delete("p.patch");
        files.delete("never-there.patch");
        files.write("new.patch", utf8("x"));
        files.commit(new Writes.Atomic(false));
        assertThat(dir.resolve("p.patch")).doesNotExist();
        assertThat(dir.resolve("new.patch")).hasContent("x");
        assertThat(dir.resolve("never-there.patch")).doesNotExist();
    }

    @Test
    void reportsShowLinesAndNoEntries() {
        Outcome drifted = new Outcome(
                "r",
                Entry.Kind.REWRITE,
                "c",
                Optional.of(Verdict.DRIFTED),
                Action.RESEALED,
                "",
                new Evidence.Matches.Shown(List.of(), List.of(), List.of("old line"), List.of("new line"), List.of()));
        Outcome resolved = new Outcome("p", Entry.Kind.PATCH, "c", Optional.empty(), Action.RESOLVED, "");
        RebaseResult r =
                new RebaseResult("mine", Optional.of(BASE), ONTO, List.of(drifted, resolved), true, Optional.empty());
        assertThat(RebaseText.render(r))
                .contains("  r [rewrite] DRIFTED -> resealed\n      - old line\n      + new line\n")
                .contains("  p [patch] RESOLVED -> resolved\n")
                .contains("1 resealed, 1 resolved\n")
                .endsWith("patchset rewritten; base is now " + ONTO + "\n");
        assertThat(RebaseJson.render(r))
                .contains("\"conflicts\" : null")
                .contains("\"lines_before\" : [ \"old line\" ]")
                .contains("\"verdict\" : \"RESOLVED\"");
        RebaseResult none = new RebaseResult(
                "mine", Optional.of(BASE), ONTO, List.of(), false, Optional.of(dir.resolve(".rebase")));
        assertThat(RebaseText.render(none)).contains("no entries\n").contains("nothing written; conflicts are in ");
        assertThat(new Rebase.Request(dir, ONTO, false, null).acceptDrift()).isEmpty();
    }
}
