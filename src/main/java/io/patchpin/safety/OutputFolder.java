package io.patchpin.safety;

import io.patchpin.core.BadInputException;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes an export's files under its output folder all or nothing. A new
 * folder is built as a temp folder beside it, named in the journal first, and
 * renamed into place in one step: a kill leaves no output or the whole of it,
 * and the next command removes the temp folder. Into an existing folder (which
 * may hold the user's own files) the files are replaced as one journaled
 * batch, finished or rolled back by the next command.
 */
public final class OutputFolder {
    private OutputFolder() {}

    /** The journal of an export to {@code out}: the workspace's own, as apply's, so any next command recovers it. */
    public static Journal journal(Workspace ws, Path out) {
        Path gitDir = ws.superRepository().getDirectory().toPath();
        return new Journal(
                Journal.treeFile(gitDir),
                ws.workTree().orElse(gitDir),
                "export",
                out.toString(),
                Writes.atomic(ws.settings()));
    }

    /** Writes {@code unsorted} (paths relative to {@code out}) and finishes the journal. */
    public static void write(Journal journal, Path out, Map<String, byte[]> unsorted) {
        Path target = out.toAbsolutePath().normalize();
        SortedMap<String, byte[]> files = new TreeMap<>(unsorted);
        for (String rel : files.keySet()) {
            if (!target.resolve(rel).normalize().startsWith(target)) {
                throw new BadInputException(rel, 0, "export target escapes the output folder");
            }
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            journal.replaceFiles(changes(target, files));
            return;
        }
        Path parent = target.getParent();
        AtomicFiles.createDirectories(parent);
        Path temp = parent.resolve(AtomicFiles.TEMP_PREFIX + "export." + target.getFileName() + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
        journal.temp(temp);
        try {
            files.forEach((rel, bytes) -> journal.writes().write(temp.resolve(rel), bytes));
            journal.writes().step("rename " + temp.getFileName() + " to " + target.getFileName());
            try {
                AtomicFiles.move(temp, target);
            } catch (IOException e) {
                throw AtomicFiles.failure(target, "cannot write", e);
            }
            Journal.syncFolder(parent, journal.writes().fsync());
        } catch (RuntimeException e) {
            try {
                JournalFile.deleteTree(temp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            journal.finish();
            throw e;
        }
        journal.finish();
    }

    private static List<Journal.Change> changes(Path target, Map<String, byte[]> files) {
        List<Journal.Change> out = new ArrayList<>();
        files.forEach((rel, bytes) -> {
            Path p = target.resolve(rel);
            try {
                byte[] before = Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? Files.readAllBytes(p) : null;
                out.add(new Journal.Change(p, before, bytes));
            } catch (IOException e) {
                throw AtomicFiles.failure(p, "cannot read", e);
            }
        });
        return out;
    }
}
