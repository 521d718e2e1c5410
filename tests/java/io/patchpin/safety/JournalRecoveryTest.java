package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal read back as written, and a killed operation finished or rolled back from it (files, modes, git steps). */
class JournalRecoveryTest {
    @TempDir
    Path tmp;

    /** Records the git steps a recovery asks for, in order. */
    private static final class Recorder implements JournalFile.GitUndo {
        final List<String> calls = new ArrayList<>();

        @Override
        public void index(JournalFile.IndexRecord r, Path gitDir, Path copy) {
            calls.add("index " + gitDir.getFileName() + " " + (copy == null ? "-" : "copy"));
        }

        @Override
        public void head(JournalFile.HeadRecord r, Path gitDir, Path workTree) {
            calls.add("head " + gitDir.getFileName() + " " + (workTree == null ? "-" : workTree.getFileName()) + " "
                    + r.oldHead());
        }

        @Override
        public void init(JournalFile.InitRecord r, Path dir, Path gitDir, Path parentGitDir) {
            calls.add("init " + dir.getFileName() + " " + r.name());
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private Path file(String name, String content) throws IOException {
        Path p = tmp.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
        return p;
    }

    private Path journalFile() {
        return tmp.resolve(".git/patchpin/journal");
    }

    private Journal journal() {
        return new Journal(journalFile(), tmp, "apply", "patchsets/x", new Writes.Atomic(false));
    }

    @Test
    void everyRecordAndAwkwardFieldReadsBackAsWritten() throws IOException {
        JournalFile j = new JournalFile(
                "op\twith tab",
                "back\\slash\nnewline\rreturn",
                false,
                List.of(
                        new JournalFile.FileRecord("a\tb.txt", null, "-", "x\\y", null),
                        new JournalFile.ModeRecord("run.sh", false, true),
                        new JournalFile.IndexRecord(".git", null),
                        new JournalFile.HeadRecord(".git/modules/m", "m", "ref: refs/heads/main", null, "c", true),
                        new JournalFile.HeadRecord(".git", null, null, "o", null, false),
                        new JournalFile.InitRecord("sub", true, ".git/modules/sub", false, ".git", "sub")));
        Path f = tmp.resolve("journal");
        Files.writeString(f, j.render());
        assertThat(JournalFile.read(f)).isEqualTo(j);
    }

    @Test
    void aFileThatIsNotAJournalIsBadInputNamingTheLine() throws IOException {
        Path f = tmp.resolve("journal");
        Files.writeString(f, "");
        assertThatThrownBy(() -> JournalFile.read(f))
                .isInstanceOf(BadInputException.class)
                .hasMessage("not a patchpin journal of format 1");
        Files.writeString(f, "patchpin-journal\t2\n");
        assertThatThrownBy(() -> JournalFile.read(f)).isInstanceOf(BadInputException.class);
        Files.writeString(f, "patchpin-journal\t1\noperation\tapply\nrename\ta\tb\n");
        assertThatThrownBy(() -> JournalFile.read(f)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.line()).isEqualTo(3);
            assertThat(e.getMessage()).isEqualTo("unknown journal record 'rename'");
        });
        Files.writeString(f, "patchpin-journal\t1\nmode\trun.sh\t1\n");
        assertThatThrownBy(() -> JournalFile.read(f)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.line()).isEqualTo(2);
            assertThat(e.getMessage()).isEqualTo("journal record 'mode' has too few fields");
        });
    }

    @Test
    void noJournalMeansNothingToRecoverAndAStrayCopyFolderGoes() throws IOException {
        Path data = JournalFile.dataOf(journalFile());
        file(".git/patchpin/journal.d/new-00001", "left over");
        assertThat(JournalFile.recover(journalFile(), tmp, false, false, new Recorder()))
                .isEmpty();
        assertThat(data).doesNotExist();
    }

    @Test
    void filesAndModesRollForwardWhenEveryNewContentIsKept() throws IOException {
        Path a = file("src/a.txt", "old\n");
        Path run = file("run.sh", "#!/bin/sh\n");
        Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rw-r--r--"));
        Path gone = file("src/gone.txt", "bye\n");
        Journal j = journal();
        j.file(a, bytes("old\n"), bytes("new\n"));
        j.file(gone, bytes("bye\n"), null);
        j.mode(run, false, true);
        j.mode(tmp.resolve("not-there.sh"), false, true);
        // killed here: nothing written yet but the journal and a temp file
        file("src/" + AtomicFiles.TEMP_PREFIX + "a.txt.1", "half");

        Recorder git = new Recorder();
        Optional<JournalFile.Recovered> r = JournalFile.recover(journalFile(), tmp, false, false, git);

        assertThat(r).contains(new JournalFile.Recovered("apply", "patchsets/x", true, 2, 0, 1));
        assertThat(r.get().message())
                .isEqualTo(
                        "recovered an interrupted apply of patchsets/x (rolled forward 2 files, 1 temp file removed)");
        assertThat(a).hasContent("new");
        assertThat(gone).doesNotExist();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(run)))
                .isEqualTo("rwxr-xr-x");
        assertThat(tmp.resolve("src")).isDirectoryNotContaining(p -> AtomicFiles.isTemp(p));
        assertThat(journalFile()).doesNotExist();
        assertThat(JournalFile.dataOf(journalFile())).doesNotExist();
        assertThat(git.calls).isEmpty();
        // a second recovery finds the files already in place
        assertThat(JournalFile.recover(journalFile(), tmp, false, false, git)).isEmpty();
    }

    @Test
    void aRollBackOnlyJournalUndoesEveryStepNewestFirst() throws IOException {
        Path a = file("a.txt", "new\n");
        Path made = file("made.txt", "created\n");
        Path run = file("run.sh", "#!/bin/sh\n");
        Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwxr-x--x"));
        Path gitDir = Files.createDirectories(tmp.resolve(".git"));
        Files.write(gitDir.resolve("index"), bytes("DIRC"));
        Path sub = tmp.resolve("sub");
        Journal j = journal().rollBackOnly();
        j.file(a, bytes("old\n"), bytes("new\n"));
        j.file(made, null, bytes("created\n"));
        j.mode(run, false, true);
        j.head(gitDir, tmp, "ref: refs/heads/main", "1111111111111111111111111111111111111111", null, false);
        j.init(sub, false, tmp.resolve(".git/modules/sub"), false, gitDir, "sub");
        j.index(tmp.resolve(".git/modules/none"));

        Recorder git = new Recorder();
        JournalFile.Recovered r =
                JournalFile.recover(journalFile(), tmp, false, false, git).orElseThrow();

        assertThat(r.forward()).isFalse();
        assertThat(r.message())
                .isEqualTo("recovered an interrupted apply of patchsets/x (rolled back 2 files and 2 components)");
        assertThat(git.calls)
                .containsExactly(
                        "index none -",
                        "init sub sub",
                        "head .git " + tmp.getFileName() + " ref: refs/heads/main",
                        "index .git copy");
        assertThat(a).hasContent("old");
        assertThat(made).doesNotExist();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(run)))
                .isEqualTo("rw-r-----");
    }

    @Test
    void aKeptCopyThatDoesNotMatchItsChecksumIsNeverWritten() throws IOException {
        Path a = file("a.txt", "half-written\n");
        journal().file(a, bytes("old\n"), bytes("new\n"));
        Path data = JournalFile.dataOf(journalFile());
        try (var copies = Files.list(data)) {
            for (Path c : copies.toList()) {
                Files.writeString(c, "tampered\n");
            }
        }
        assertThatThrownBy(() -> JournalFile.recover(journalFile(), tmp, true, false, new Recorder()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not match its sha256");
        assertThat(a).hasContent("half-written");
    }

    @Test
    void recoveryMessages() {
        assertThat(new JournalFile.Recovered("sync", "", false, 0, 1, 0).message())
                .isEqualTo("recovered an interrupted sync (rolled back 1 component)");
        assertThat(new JournalFile.Recovered("rebase", "p", true, 1, 0, 2).message())
                .isEqualTo("recovered an interrupted rebase of p (rolled forward 1 file, 2 temp files removed)");
    }

    @Test
    void pathsOutsideTheBaseAreKeptAbsolute() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("elsewhere")).resolve("f.txt");
        Journal j = new Journal(journalFile(), tmp.resolve("base"), "apply", "", new Writes.Atomic(false));
        j.file(outside, null, bytes("x"));
        j.file(outside, null, bytes("x")); // named once
        JournalFile read = JournalFile.read(journalFile());
        assertThat(read.records())
                .containsExactly(new JournalFile.FileRecord(
                        outside.toString(), null, Hashes.sha256(bytes("x")), null, "new-00001"));
        j.finish();
        assertThat(journalFile()).doesNotExist();
        assertThat(JournalFile.removeTempFiles(tmp.resolve("no-such-folder"))).isZero();
    }
}
