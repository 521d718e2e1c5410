package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.author.AddPatch;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.Settings;
import io.patchpin.kind.BaseReplay;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.Sealer;
import io.patchpin.testkit.NoFiles;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sealing a new patch on a base held in memory, replaying earlier entries, and naming the stored file. */
class PatchSealingInMemoryTest {
    private static final String MODIFY = "--- a/src/a.c\n+++ b/src/a.c\n@@ -1 +1 @@\n-old\n+new\n";

    @TempDir
    Path dir;

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static NewPatch patch(String text, String directory, Integer strip) {
        return new NewPatch(
                "in/fix.patch", utf8(text), "comp", Optional.empty(), directory, Optional.ofNullable(strip), "", null);
    }

    private BaseReplay replay(FileSource base) {
        return new BaseReplay(base, Patchset.empty("t", Optional.of("0".repeat(40))), dir);
    }

    @Test
    void sealsOnTheReplayedBase() {
        NewPatch.Sealed s = patch(MODIFY, null, null)
                .seal(replay(new MemorySource().file("src/a.c", utf8("old\n"))), "0001-fix.patch");
        assertThat(s.unsealedWhy()).isEmpty();
        assertThat(s.entry().id()).isEqualTo("fix");
        assertThat(s.entry().strip()).isEqualTo(1);
        assertThat(s.entry().links()).isEmpty();
        assertThat(s.result().get("src/a.c"))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(utf8("new\n")));
    }

    @Test
    void refusalsNameThePatchFile() {
        BaseReplay empty = replay(new MemorySource());
        assertThatThrownBy(() -> patch(MODIFY, "sub", null).seal(empty, "n.patch"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("cannot find the files this patch changes in comp at the base with -p0..-p3 under sub")
                .satisfies(e -> assertThat(((BadInputException) e).source()).isEqualTo("in/fix.patch"));
        assertThatThrownBy(() -> patch(MODIFY, "", null).seal(empty, "n.patch"))
                .hasMessage("cannot find the files this patch changes in comp at the base with -p0..-p3");
        assertThatThrownBy(() -> patch(MODIFY, "", 5).seal(empty, "n.patch"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("fewer than 6 segments for -p5")
                .satisfies(e -> assertThat(((BadInputException) e).source()).isEqualTo("in/fix.patch"));
        assertThatThrownBy(() -> patch(MODIFY, "", 5).unsealed("n.patch"))
                .isInstanceOf(BadInputException.class)
                .satisfies(e -> assertThat(((BadInputException) e).source()).isEqualTo("in/fix.patch"));

        FileSource unreadable = new NoFiles("unreadable", new FileLookup.ComponentMissing()); // not checked out
        assertThatThrownBy(() -> patch(MODIFY, "", 1).seal(replay(unreadable), "n.patch"))
                .hasMessage("component comp cannot be read at the base");
        BaseReplay other = replay(new MemorySource().file("src/a.c", utf8("other\n")));
        assertThatThrownBy(() -> patch(MODIFY, "", 1).seal(other, "n.patch"))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("does not apply at the base: src/a.c: hunk #1")
                .satisfies(e -> assertThat(((BadInputException) e).line()).isEqualTo(3));
    }

    @Test
    void replaySkipsUnsealedEntriesItCannotApplyAndRefusesSealedOnes() {
        MemorySource base = new MemorySource().file("f", utf8("x\n"));
        BaseReplay r = replay(base);
        assertThat(r.base()).isSameAs(base);
        RewriteEntry missing = Unsealed.rewrite("gone", "comp", "f", "absent", "y");
        assertThat(r.applyOrSkipUnsealed(missing)).isEmpty();
        assertThat(r.unknownWhy("comp", List.of("f"))).hasValueSatisfying(why -> assertThat(why)
                .isEqualTo("entry 'gone' before it is unsealed and cannot be replayed at the base (ANCHOR_MISSING)"));
        RewriteEntry next = Unsealed.rewrite("next", "comp", "f", "x", "y");
        assertThat(r.applyOrSkipUnsealed(next)).isEmpty();

        BaseReplay fresh = replay(base);
        RewriteEntry sealed = (RewriteEntry) Sealer.seal(next, utf8("x\n"), Settings.DEFAULT_REGEX_WORK)
                .orElseThrow()
                .entry();
        RewriteEntry elsewhere = (RewriteEntry)
                Sealer.seal(Unsealed.rewrite("s", "comp", "f", "q", "y"), utf8("q\n"), Settings.DEFAULT_REGEX_WORK)
                        .orElseThrow()
                        .entry();
        assertThatThrownBy(() -> fresh.applyOrSkipUnsealed(elsewhere))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("entry 's' does not apply at the base: ANCHOR_MISSING");
        assertThat(fresh.applyOrSkipUnsealed(sealed)).isPresent();
        assertThat(fresh.read("comp", "f")).isInstanceOfSatisfying(FileLookup.Found.class, f -> assertThat(f.content())
                .isEqualTo(utf8("y\n")));
    }

    @Test
    void storedNamesNeverOverwriteAnotherPatch() throws Exception {
        NewPatch p =
                new NewPatch("x.patch", utf8(MODIFY), "comp", Optional.of("fix"), "", Optional.of(1), "", List.of());
        assertThat(AddPatch.storedName(1, p, p.parse(), dir, Map.of())).isEqualTo("0001-fix.patch");
        Files.write(dir.resolve("0001-fix.patch"), utf8(MODIFY));
        assertThat(AddPatch.storedName(1, p, p.parse(), dir, Map.of())).isEqualTo("0001-fix.patch");
        assertThatThrownBy(() -> AddPatch.storedName(1, p, p.parse(), dir, Map.of("0001-fix.patch", utf8(MODIFY))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("a different patch file already has this name");
        Files.write(dir.resolve("0001-fix.patch"), utf8("other"));
        assertThatThrownBy(() -> AddPatch.storedName(1, p, p.parse(), dir, Map.of()))
                .hasMessageContaining("a different patch file");
    }

    @Test
    void sealOfAFileThePatchDeletes() {
        String del = "diff --git a/f b/f\ndeleted file mode 100644\n--- a/f\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n";
        NewPatch.Sealed s = patch(del, "", 1).seal(replay(new MemorySource().file("f", utf8("x\n"))), "d.patch");
        PatchSeal seal = s.entry().seal().orElseThrow();
        assertThat(seal.files()).singleElement().satisfies(f -> {
            assertThat(f.before()).contains(BlobIds.of(utf8("x\n")));
            assertThat(f.after()).isEmpty();
        });
        assertThat(seal.patch()).isEqualTo(Hashes.sha256(utf8(del)));
        assertThat(s.result().get("f")).isEmpty();
    }

    @Test
    void unsealedPatchEntryKeepsItsMailFields() {
        String mail = "From: Pat <p@example.org>\nSubject: [PATCH] Fix the thing\n\nBody.\n---\n" + MODIFY;
        PatchEntry e = new NewPatch(
                        "m.patch", utf8(mail), "comp", Optional.empty(), "", Optional.empty(), "why", List.of())
                .unsealed("m.patch");
        assertThat(e.id()).isEqualTo("fix-the-thing");
        assertThat(e.author()).isEqualTo("Pat <p@example.org>");
        assertThat(e.strip()).isEqualTo(1);
    }

    @Test
    void quiltSeriesAndPatchFoldersWithoutAWorkspace() throws Exception {
        Path q = Files.createDirectories(dir.resolve("quilt"));
        Files.writeString(q.resolve("a.diff"), MODIFY);
        Files.writeString(q.resolve("series"), "# comment\n\na.diff -p0\n");
        assertThat(ImportPatches.collect(q, null, "comp")).singleElement().satisfies(p -> {
            assertThat(p.strip()).contains(0);
            assertThat(p.component()).isEqualTo("comp");
        });
        assertThatThrownBy(() -> ImportPatches.collect(q, null, null))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("give --component");
        Files.writeString(q.resolve("series"), "a.diff\na.diff -R\n");
        assertThatThrownBy(() -> ImportPatches.collect(q.resolve("series"), null, "comp"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("unsupported series option '-R'")
                .satisfies(e -> assertThat(((BadInputException) e).line()).isEqualTo(2));

        Path plain = Files.createDirectories(dir.resolve("plain"));
        Files.writeString(plain.resolve("notes.txt"), "not a patch");
        assertThatThrownBy(() -> ImportPatches.collect(plain, null, "comp")).hasMessageContaining("no patches found");
        Files.writeString(plain.resolve("b.patch"), MODIFY);
        assertThat(ImportPatches.collect(plain, null, "comp"))
                .extracting(NewPatch::source)
                .containsExactly(plain.resolve("b.patch").toString());
        assertThatThrownBy(() -> ImportPatches.collect(plain.resolve("notes.txt"), null, "comp"))
                .hasMessageContaining("not a patches folder or quilt series");
    }

    @Test
    void idsFromSeveralProjectsStayDistinct() {
        Path r = dir.resolve("r");
        List<NewPatch> in =
                List.of(named(r.resolve("a/x.patch")), named(r.resolve("b/x.patch")), named(r.resolve("c/a-x.patch")));
        assertThat(ImportPatches.distinctIds(in, r))
                .extracting(NewPatch::id)
                .containsExactly(Optional.of("a-x"), Optional.of("b-x"), Optional.of("a-x-2"));
    }

    private static NewPatch named(Path source) {
        return new NewPatch(
                source.toString(), utf8(MODIFY), "comp", Optional.empty(), "", Optional.empty(), "", List.of());
    }
}
