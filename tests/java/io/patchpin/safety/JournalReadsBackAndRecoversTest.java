package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.safety.JournalFile.FileRecord;
import io.patchpin.safety.JournalFile.HeadRecord;
import io.patchpin.safety.JournalFile.IndexRecord;
import io.patchpin.safety.JournalFile.InitRecord;
import io.patchpin.safety.JournalFile.ModeRecord;
import io.patchpin.safety.JournalFile.Recovered;
import io.patchpin.safety.JournalFile.TempRecord;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal's text survives every field it can hold, bad journals name their line, and recovery undoes each record. */
class JournalReadsBackAndRecoversTest {
    @TempDir
    Path dir;

    /** Records what recovery asked git to undo. */
    private static final class Calls implements JournalFile.GitUndo {
        final List<String> seen = new ArrayList<>();

        @Override
        public void index(IndexRecord r, Path gitDir, Path copy) {
            seen.add("index " + r.gitDir() + " " + (copy == null ? "-" : copy.getFileName()));
        }

        @Override
        public void head(HeadRecord r, Path gitDir, Path workTree) {
            seen.add("head " + r.gitDir() + " " + (workTree == null ? "-" : workTree.getFileName()));
        }

        @Override
        public void init(InitRecord r, Path dir, Path gitDir, Path parentGitDir) {
            seen.add("init " + r.name());
        }
    }

    @Test
    void everyRecordKindAndEscapedFieldReadsBackAsWritten() throws Exception {
        JournalFile j = new JournalFile(
                "apply",
                "sub\tject\\x\nline\r-",
                false,
                List.of(
                        new FileRecord("a b", null, "n", "-", "c\\d"),
                        new ModeRecord("m", true, false),
                        new ModeRecord("m2", false, true),
                        new IndexRecord("g", null),
                        new HeadRecord("g", null, "ref", "o", "n", true),
                        new HeadRecord("g2", "w", null, "o", "n", false),
                        new InitRecord("d", true, "gd", false, "pg", "nm"),
                        new InitRecord("d2", false, "gd2", true, "pg2", "nm2"),
                        new TempRecord("t")));
        Path f = Files.writeString(dir.resolve("journal"), j.render(), StandardCharsets.UTF_8);
        assertThat(JournalFile.read(f)).isEqualTo(j);
        assertThat(j.render()).contains("subject\tsub\\tject\\\\x\\nline\\r-\n", "\t\\-\t");
    }

    @Test
    void aFileThatIsNoJournalIsRefusedAtLineOne() throws Exception {
        for (String text : new String[] {"", "patchpin-journal\t2\n", "something else\n"}) {
            Path f = Files.writeString(dir.resolve("j"), text);
            assertThatThrownBy(() -> JournalFile.read(f))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("not a patchpin journal of format 1");
        }
    }

    @Test
    void anUnknownOrShortRecordIsRefusedAtItsLine() throws Exception {
        Path unknown = Files.writeString(dir.resolve("u"), "patchpin-journal\t1\noperation\tapply\nwhat\tx\n");
        assertThatThrownBy(() -> JournalFile.read(unknown))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("unknown journal record 'what'")
                .satisfies(e -> assertThat(((BadInputException) e).line()).isEqualTo(3));
        Path shortOne = Files.writeString(dir.resolve("s"), "patchpin-journal\t1\nfile\tp\tx\n");
        assertThatThrownBy(() -> JournalFile.read(shortOne))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("journal record 'file' has too few fields");
    }

    @Test
    void aMissingJournalIsAnUnreadableFault() {
        assertThatThrownBy(() -> JournalFile.read(dir.resolve("none")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("cannot read the journal");
    }

    @Test
    void noJournalRemovesALeftCopyFolderAndTempFiles() throws Exception {
        Path journal = dir.resolve("journal");
        Path data = JournalFile.dataOf(journal);
        Files.createDirectories(data);
        Files.writeString(data.resolve("copy"), "x");
        Files.writeString(dir.resolve(AtomicFiles.TEMP_PREFIX + "a"), "x");
        assertThat(JournalFile.recover(journal, dir, false, false, new Calls())).isEmpty();
        assertThat(data).doesNotExist();
        assertThat(dir.resolve(AtomicFiles.TEMP_PREFIX + "a")).doesNotExist();
    }

    @Test
    void aFinishableJournalRollsForwardFilesAndModes() throws Exception {
        Path journal = dir.resolve("journal");
        Path data = JournalFile.dataOf(journal);
        Files.createDirectories(data);
        byte[] next = "new\n".getBytes(StandardCharsets.UTF_8);
        Files.write(data.resolve("n1"), next);
        Files.writeString(dir.resolve("a"), "old\n");
        Files.writeString(dir.resolve("same"), "new\n");
        Files.writeString(dir.resolve("gone"), "x");
        Files.writeString(dir.resolve("x"), "run\n");
        Files.setPosixFilePermissions(
                dir.resolve("x"),
                Set.of(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.GROUP_READ,
                        PosixFilePermission.OTHERS_READ));
        String sha = Hashes.sha256(next);
        JournalFile j = new JournalFile(
                "apply",
                "",
                true,
                List.of(
                        new FileRecord("a", "o", sha, null, "n1"),
                        new FileRecord("same", "o", sha, null, "n1"),
                        new FileRecord("gone", "o", null, null, null),
                        new FileRecord("never", "o", null, null, null),
                        new ModeRecord("x", false, true),
                        new ModeRecord("nothing-here", false, true)));
        Files.writeString(journal, j.render());
        Recovered r =
                JournalFile.recover(journal, dir, false, false, new Calls()).orElseThrow();
        assertThat(r.forward()).isTrue();
        assertThat(r.files()).isEqualTo(2);
        assertThat(r.message()).isEqualTo("recovered an interrupted apply (rolled forward 2 files)");
        assertThat(dir.resolve("a")).hasContent("new");
        assertThat(dir.resolve("gone")).doesNotExist();
        assertThat(Files.getPosixFilePermissions(dir.resolve("x")))
                .contains(
                        PosixFilePermission.OWNER_EXECUTE,
                        PosixFilePermission.GROUP_EXECUTE,
                        PosixFilePermission.OTHERS_EXECUTE);
        assertThat(journal).doesNotExist();
        assertThat(data).doesNotExist();
    }

    @Test
    void anUnfinishableJournalRollsBackEveryRecordNewestFirst() throws Exception {
        Path journal = dir.resolve("journal");
        Path data = JournalFile.dataOf(journal);
        Files.createDirectories(data);
        byte[] old = "old\n".getBytes(StandardCharsets.UTF_8);
        Files.write(data.resolve("o1"), old);
        Files.writeString(dir.resolve("a"), "new\n");
        Files.writeString(dir.resolve("x"), "run\n");
        Files.setPosixFilePermissions(
                dir.resolve("x"),
                Set.of(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.OWNER_EXECUTE,
                        PosixFilePermission.OTHERS_EXECUTE));
        Path temp = Files.createDirectories(dir.resolve(AtomicFiles.TEMP_PREFIX + "export"));
        Files.writeString(temp.resolve("inside"), "x");
        JournalFile j = new JournalFile(
                "commit",
                "patchsets/p",
                false,
                List.of(
                        new FileRecord("a", Hashes.sha256(old), "n", "o1", null),
                        new ModeRecord("x", false, true),
                        new IndexRecord("g", "idx"),
                        new IndexRecord("g", null),
                        new HeadRecord("g", "w", "ref", "o", "n", true),
                        new HeadRecord("g", null, "ref", "o", "n", false),
                        new InitRecord("d", false, "gd", false, "pg", "nm"),
                        new TempRecord(AtomicFiles.TEMP_PREFIX + "export"),
                        new TempRecord("not-a-temp"),
                        new TempRecord(AtomicFiles.TEMP_PREFIX + "absent")));
        Files.writeString(journal, j.render());
        Calls calls = new Calls();
        Recovered r = JournalFile.recover(journal, dir, false, false, calls).orElseThrow();
        assertThat(calls.seen).containsExactly("init nm", "head g -", "head g w", "index g -", "index g idx");
        assertThat(r.forward()).isFalse();
        assertThat(r.message())
                .isEqualTo("recovered an interrupted commit of patchsets/p (rolled back 1 file and 2 components,"
                        + " 1 temp file removed)");
        assertThat(dir.resolve("a")).hasContent("old");
        assertThat(temp).doesNotExist();
        assertThat(Files.getPosixFilePermissions(dir.resolve("x")))
                .doesNotContain(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OTHERS_EXECUTE);
    }

    @Test
    void rollbackOnlyRollsBackEvenAFinishableJournal() throws Exception {
        Path journal = dir.resolve("journal");
        Files.writeString(dir.resolve("a"), "new\n");
        JournalFile j = new JournalFile("apply", "", true, List.of(new FileRecord("a", null, "n", null, null)));
        Files.writeString(journal, j.render());
        Recovered r =
                JournalFile.recover(journal, dir, true, false, new Calls()).orElseThrow();
        assertThat(r.forward()).isFalse();
        assertThat(dir.resolve("a")).doesNotExist();
        assertThat(r.message()).isEqualTo("recovered an interrupted apply (rolled back 1 file)");
    }

    @Test
    void aCopyThatDoesNotMatchItsShaIsAFault() throws Exception {
        Path journal = dir.resolve("journal");
        Path data = Files.createDirectories(JournalFile.dataOf(journal));
        Files.writeString(data.resolve("c"), "tampered");
        JournalFile j = new JournalFile(
                "apply",
                "",
                true,
                List.of(new FileRecord("a", null, Hashes.sha256("x".getBytes(StandardCharsets.UTF_8)), null, "c")));
        Files.writeString(journal, j.render());
        assertThatThrownBy(() -> JournalFile.recover(journal, dir, false, false, new Calls()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not match its sha256");
    }

    @Test
    void messagesCountComponentsAloneAndPlurals() {
        assertThat(new Recovered("sync", "", false, 0, 1, 2).message())
                .isEqualTo("recovered an interrupted sync (rolled back 1 component, 2 temp files removed)");
        assertThat(new Recovered("sync", "", true, 0, 0, 0).message())
                .isEqualTo("recovered an interrupted sync (rolled forward 0 files)");
    }

    @Test
    void deleteTreeOfNothingAndRemoveTempFilesOfAFileDoNothing() throws Exception {
        JournalFile.deleteTree(dir.resolve("none"));
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertThat(JournalFile.removeTempFiles(file)).isZero();
        assertThat(file).exists();
    }
}
