package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.Settings;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Defect 9 of issue 28: a kill -9 during {@code export -o OUT} left a partial
 * OUT (24 of 72 patches, no series) and a temp file that {@code recover} did
 * not clean. A new OUT is now built beside it and renamed into place; files
 * going into an existing OUT are one journaled batch.
 */
class ExportAllOrNothingTest {
    @TempDir
    Path tmp;

    /** Stands for the process dying at a write: no catch block of patchpin's runs for it. */
    static final class Killed extends Error {
        private static final long serialVersionUID = 1L;
    }

    private Repo workspace() {
        Repo repo = Repo.init(tmp.resolve("ws")).write("a.txt", "a\n");
        repo.commit("base");
        return repo;
    }

    private static Map<String, byte[]> files(int n) {
        Map<String, byte[]> out = new TreeMap<>();
        for (int i = 1; i <= n; i++) {
            out.put(String.format("sub/%04d-change.patch", i), ("patch " + i + "\n").getBytes(StandardCharsets.UTF_8));
        }
        out.put("sub/series", "all\n".getBytes(StandardCharsets.UTF_8));
        return out;
    }

    private static Journal journal(Repo repo, Writes writes) {
        Path gitDir = repo.dir().resolve(".git");
        return new Journal(Journal.treeFile(gitDir), repo.dir(), "export", "out", writes);
    }

    /** Writes that stop the process (an Error) at write number {@code at}. */
    private static Writes killedAt(int at) {
        AtomicInteger n = new AtomicInteger();
        return (target, content) -> {
            if (n.incrementAndGet() == at) {
                throw new Killed();
            }
            Writes.atomic(target, content, false);
        };
    }

    private static List<String> temps(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(AtomicFiles::isTemp).map(Path::toString).toList();
        }
    }

    @Test
    void aKilledExportToANewFolderLeavesNoOutputAndRecoveryRemovesItsTempFolder() throws Exception {
        Repo repo = workspace();
        Path out = tmp.resolve("exports/out");
        for (int at = 2; at <= 73; at += 7) { // write 1 would make the temp folder; 73 is the last
            int kill = at;
            assertThatThrownBy(() -> OutputFolder.write(journal(repo, killedAt(kill)), out, files(72)))
                    .isInstanceOf(Killed.class);
            assertThat(out).doesNotExist();
            assertThat(temps(tmp.resolve("exports"))).isNotEmpty();
            List<String> said = Recovery.run(
                    repo.dir(), repo.dir().resolve(".git"), List.of(), false, Settings.of(System.getProperties()));
            assertThat(said)
                    .singleElement()
                    .asString()
                    .contains("interrupted export of out")
                    .contains("removed");
            assertThat(temps(tmp.resolve("exports"))).isEmpty();
            assertThat(Journal.treeFile(repo.dir().resolve(".git"))).doesNotExist();
        }
    }

    @Test
    void aFailedExportToANewFolderLeavesNothing() throws Exception {
        Repo repo = workspace();
        Path out = tmp.resolve("exports/out");
        AtomicInteger n = new AtomicInteger();
        Writes failing = (target, content) -> {
            if (n.incrementAndGet() == 30) {
                throw new IllegalStateException("disk full");
            }
            Writes.atomic(target, content, false);
        };
        assertThatThrownBy(() -> OutputFolder.write(journal(repo, failing), out, files(72)))
                .hasMessage("disk full");
        assertThat(out).doesNotExist();
        assertThat(temps(tmp.resolve("exports"))).isEmpty();
        assertThat(Journal.treeFile(repo.dir().resolve(".git"))).doesNotExist();
    }

    @Test
    void aKilledExportIntoAnExistingFolderIsFinishedOrRolledBackAndKeepsTheUsersFiles() throws Exception {
        Repo repo = workspace();
        Path out = Files.createDirectories(tmp.resolve("debian"));
        Files.writeString(out.resolve("control"), "Source: x\n", StandardCharsets.UTF_8);
        Files.createDirectories(out.resolve("sub"));
        Files.writeString(out.resolve("sub/series"), "old\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> OutputFolder.write(journal(repo, killedAt(20)), out, files(72)))
                .isInstanceOf(Killed.class);
        Recovery.run(repo.dir(), repo.dir().resolve(".git"), List.of(), false, Settings.of(System.getProperties()));
        assertThat(out.resolve("control")).hasContent("Source: x");
        // every new content was kept in the journal: the batch is finished, all 73 files as exported
        assertThat(out.resolve("sub/series")).hasContent("all");
        assertThat(out.resolve("sub/0072-change.patch")).hasContent("patch 72");
        assertThat(temps(out)).isEmpty();
    }

    @Test
    void exportThroughTheCommandLineWritesTheWholeFolder() throws Exception {
        Repo repo = workspace();
        Path ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        Entries.rewrite(ps, repo.dir(), "a.txt", "a", "b", "--id", "one");
        Path out = tmp.resolve("q/out");
        Cli.ok("export", ps, "--repo", repo.dir(), "--format", "quilt", "-o", out);
        try (Stream<Path> s = Files.walk(out)) {
            assertThat(s.filter(Files::isRegularFile)
                            .map(p -> p.getFileName().toString())
                            .sorted()
                            .toList())
                    .contains("series")
                    .anyMatch(n -> n.endsWith(".patch"));
        }
        assertThat(temps(tmp.resolve("q"))).isEmpty();
    }
}
