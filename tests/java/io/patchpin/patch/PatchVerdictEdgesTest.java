package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.check.Check;
import io.patchpin.check.EntryGate;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.patchset.Patchset;
import io.patchpin.testkit.NoFiles;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Patch verdicts in memory for missing and moved files, undo, renames, deletions and stale seals. */
class PatchVerdictEdgesTest {
    private static final String MODIFY = "--- a/src/a.c\n+++ b/src/a.c\n@@ -1 +1 @@\n-old\n+new\n";

    @TempDir
    Path dir;

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private PatchEntry entry(String text, String... files) throws IOException {
        Files.writeString(dir.resolve("e.patch"), text);
        return Unsealed.patch("e", ".", "e.patch", List.of(files));
    }

    /** The entry sealed on {@code base} (path to content); the base blobs go into {@code source}. */
    private static PatchEntry sealed(PatchEntry e, String text, Map<String, String> base, MemorySource source) {
        Map<String, Optional<FileLines>> before = new TreeMap<>();
        e.files().forEach(f -> before.put(f, Optional.ofNullable(base.get(f)).map(s -> FileLines.of(utf8(s)))));
        base.values().forEach(s -> source.blob(utf8(s)));
        PatchRun run =
                PatchRun.run(PatchParser.parse("e.patch", utf8(text)).requireClean(), new PatchPaths(1, ""), before, 0);
        assertThat(run.ok()).isTrue();
        List<PatchSeal.FileSeal> seals = new ArrayList<>();
        for (String f : e.files()) {
            seals.add(new PatchSeal.FileSeal(
                    f,
                    before.get(f).map(l -> BlobIds.of(l.bytes())),
                    run.result().get(f).map(l -> BlobIds.of(l.bytes()))));
        }
        return e.with(e.common(), Optional.of(new PatchSeal(Hashes.sha256(utf8(text)), seals, e.definitionDigest())));
    }

    private EntryInput input(PatchEntry e, FileSource source) {
        Map<String, FileLookup> files = new TreeMap<>();
        e.files().forEach(f -> files.put(f, source.read(".", f)));
        return new EntryInput(files, source, Patchset.empty("t", Optional.of("0".repeat(40))), dir);
    }

    private Check check(PatchEntry e, FileSource source) {
        return new PatchChecker().check(e, input(e, source));
    }

    private static String text(Check c, String file) {
        return new String(c.result().get(file).orElseThrow(), StandardCharsets.UTF_8);
    }

    @Test
    void aMissingFileNamesWhereItWent() throws IOException {
        MemorySource moved = new MemorySource().file("aaa/a.c", utf8("zzz\n")).file("lib/a.c", utf8("old\n"));
        PatchEntry e = sealed(entry(MODIFY, "src/a.c"), MODIFY, Map.of("src/a.c", "old\n"), moved);
        Check sameContent = check(e, moved);
        assertThat(sameContent.verdict().verdict()).isEqualTo(Verdict.FILE_MISSING);
        assertThat(sameContent.verdict().reason()).isEqualTo("src/a.c is missing; moved to lib/a.c (same content)");

        PatchEntry unsealed = entry(MODIFY, "src/a.c");
        assertThat(check(unsealed, new MemorySource().file("x/a.c", utf8("q\n")))
                        .verdict()
                        .reason())
                .isEqualTo("src/a.c is missing; probably moved to x/a.c (same name)");
        assertThat(check(unsealed, new MemorySource().file("a.c", utf8("q\n")).file("x/a.c", utf8("q\n")))
                        .verdict()
                        .reason())
                .isEqualTo("src/a.c is missing; files with the same name: a.c, x/a.c");
        assertThat(check(unsealed, new NoFiles("nothing")).verdict().reason()).isEqualTo("src/a.c is missing");
    }

    @Test
    void anAddedFileIsNotReportedMissing() throws IOException {
        String text = "--- /dev/null\n+++ b/src/new.c\n@@ -0,0 +1 @@\n+n\n" + MODIFY.replace("a.c", "gone.c");
        PatchEntry e = entry(text, "src/gone.c", "src/new.c");
        Check c = check(e, new MemorySource());
        assertThat(c.verdict().verdict()).isEqualTo(Verdict.FILE_MISSING);
        assertThat(c.verdict().reason()).isEqualTo("src/gone.c is missing");
    }

    @Test
    void undoOfAPatchThatIsNotThere() throws IOException {
        PatchEntry e = entry(MODIFY, "src/a.c");
        Check nothing = new PatchChecker().revert(e, input(e, new MemorySource().file("src/a.c", utf8("old\n"))));
        assertThat(nothing.verdict().verdict()).isEqualTo(Verdict.APPLIES);
        assertThat(nothing.verdict().reason()).isEqualTo("not applied here: nothing to undo");
        assertThat(text(nothing, "src/a.c")).isEqualTo("old\n");
        Check neither = new PatchChecker().revert(e, input(e, new MemorySource().file("src/a.c", utf8("zzz\n"))));
        assertThat(neither.verdict().verdict()).isEqualTo(Verdict.CONFLICT);
        assertThat(neither.verdict().reason()).startsWith("cannot undo: src/a.c: hunk #1");
    }

    @Test
    void staleSealsAndMissingPatchFiles() throws IOException {
        MemorySource source = new MemorySource().file("src/a.c", utf8("old\n"));
        PatchEntry e = sealed(entry(MODIFY, "src/a.c"), MODIFY, Map.of("src/a.c", "old\n"), source);
        PatchEntry renamedFile = new PatchEntry(
                Entry.Common.of("e", ".", "", List.of()), "other.patch", "", 1, e.files(), "", "", 0, e.seal());
        Check outdated = check(renamedFile, source);
        assertThat(outdated.verdict().verdict()).isEqualTo(Verdict.SEAL_BROKEN);
        assertThat(outdated.verdict().reason()).isEqualTo(EntryGate.SEAL_OUTDATED);

        PatchEntry absent = Unsealed.patch("e", ".", "absent.patch", List.of("src/a.c"));
        assertThat(check(absent, source).verdict().reason()).isEqualTo("patch file absent.patch is missing");
        assertThat(Merges.conflictFiles(absent, input(absent, source), "ours")).isEmpty();

        PatchSeal s = e.seal().orElseThrow();
        PatchEntry otherFiles = e.with(
                e.common(),
                Optional.of(new PatchSeal(
                        s.patch(),
                        List.of(new PatchSeal.FileSeal("src/b.c", Optional.empty(), Optional.empty())),
                        s.digest())));
        assertThat(check(otherFiles, source).verdict().reason())
                .isEqualTo("entry's files [src/a.c] do not match its seal's [src/b.c]");
    }

    @Test
    void deletingAFileThatKeepsContentAndRenamingOntoAFile() throws IOException {
        PatchEntry delete = entry(
                "diff --git a/f.c b/f.c\ndeleted file mode 100644\n--- a/f.c\n+++ /dev/null\n"
                        + "@@ -1,2 +1 @@\n-a\n b\n",
                "f.c");
        Check keeps = check(delete, new MemorySource().file("f.c", utf8("a\nb\n")));
        assertThat(keeps.verdict().verdict()).isEqualTo(Verdict.CONFLICT);
        assertThat(keeps.verdict().reason()).contains("f.c: deleted file still has content after the patch");

        String rename = "diff --git a/a.c b/b.c\nsimilarity index 90%\nrename from a.c\nrename to b.c\n"
                + "--- a/a.c\n+++ b/b.c\n@@ -1 +1 @@\n-x\n+y\n";
        PatchEntry mv = entry(rename, "a.c", "b.c");
        Check moved = check(mv, new MemorySource().file("a.c", utf8("x\n")));
        assertThat(moved.verdict().verdict()).isEqualTo(Verdict.APPLIES);
        assertThat(moved.result().get("a.c")).isEmpty();
        assertThat(text(moved, "b.c")).isEqualTo("y\n");
        Check onto = check(mv, new MemorySource().file("a.c", utf8("x\n")).file("b.c", utf8("other\n")));
        assertThat(onto.appliable()).isFalse();
        assertThat(onto.verdict().reason()).contains("b.c: rename target already exists");
    }

    @Test
    void conflictFilesCarryMarkersOnlyWhenTheSealedBaseIsHere() throws IOException {
        String text = "--- a/f.c\n+++ b/f.c\n@@ -1,3 +1,3 @@\n l1\n-old\n+new\n l3\n";
        MemorySource source = new MemorySource().file("f.c", utf8("l1\nOURS\nl3\n"));
        PatchEntry e = sealed(entry(text, "f.c"), text, Map.of("f.c", "l1\nold\nl3\n"), source);
        String merged = new String(
                Merges.conflictFiles(e, input(e, source), "onto 1234")
                        .get("f.c")
                        .orElseThrow(),
                StandardCharsets.UTF_8);
        assertThat(merged)
                .contains("<<<<<<< onto 1234\nOURS\n")
                .contains("||||||| sealed base\nold\n")
                .contains("=======\nnew\n>>>>>>> entry e\n");

        MemorySource noBase = new MemorySource().file("f.c", utf8("l1\nOURS\nl3\n"));
        assertThat(Merges.conflictFiles(e, input(e, noBase), "onto").get("f.c"))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(utf8("l1\nOURS\nl3\n")));
        PatchEntry unsealed = entry(text, "f.c");
        assertThat(Merges.conflictFiles(unsealed, input(unsealed, source), "onto")
                        .get("f.c"))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(utf8("l1\nOURS\nl3\n")));
        PatchSeal s = e.seal().orElseThrow();
        noBase.blob(utf8("zzz\n"));
        PatchEntry wrongBase = e.with(
                e.common(),
                Optional.of(new PatchSeal(
                        s.patch(),
                        List.of(new PatchSeal.FileSeal(
                                "f.c",
                                Optional.of(BlobIds.of(utf8("zzz\n"))),
                                s.files().get(0).after())),
                        s.digest())));
        assertThat(Merges.conflictFiles(wrongBase, input(wrongBase, noBase), "onto")
                        .get("f.c"))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(utf8("l1\nOURS\nl3\n")));
        assertThat(check(wrongBase, noBase).verdict().verdict()).isEqualTo(Verdict.CONFLICT);
    }

    @Test
    void aThreeWayMergeTakesUntouchedFilesFromThePatch() throws IOException {
        String text = "--- a/one.c\n+++ b/one.c\n@@ -1 +1 @@\n-a\n+b\n"
                + "--- a/two.c\n+++ b/two.c\n@@ -1,7 +1,7 @@\n 1\n 2\n 3\n-4\n+four\n 5\n 6\n 7\n";
        MemorySource source =
                new MemorySource().file("one.c", utf8("a\n")).file("two.c", utf8("ONE\n2\n3\n4\n5\n6\n7\n"));
        PatchEntry e = sealed(
                entry(text, "one.c", "two.c"), text, Map.of("one.c", "a\n", "two.c", "1\n2\n3\n4\n5\n6\n7\n"), source);
        Check c = check(e, source);
        assertThat(c.verdict().verdict()).isEqualTo(Verdict.MERGEABLE);
        assertThat(c.verdict().reason()).endsWith("; 3-way merge from the sealed base is clean");
        assertThat(text(c, "one.c")).isEqualTo("b\n");
        assertThat(text(c, "two.c")).isEqualTo("ONE\n2\n3\nfour\n5\n6\n7\n");
    }
}
