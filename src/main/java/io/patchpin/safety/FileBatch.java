package io.patchpin.safety;

import java.nio.file.Path;
import java.util.List;

/**
 * Replaces a set of files all or nothing: every change named in the journal
 * first (old and new content kept), then written one by one; a failure puts
 * back every file written, a killed process is finished by the next command
 * from the journal. The journal goes last.
 */
public final class FileBatch {
    private FileBatch() {}

    public static void write(Journal journal, List<Journal.Change> changes) {
        UndoLog undo = new UndoLog();
        try {
            journal.files(changes);
            for (Journal.Change c : changes) {
                journal.writes().write(c.path(), c.after());
                undo.done(() ->
                        Writes.atomic(c.path(), c.before(), journal.writes().fsync()));
            }
        } catch (RuntimeException e) {
            undo.rollback(e);
            if (e.getSuppressed().length == 0) {
                journal.finish();
            }
            throw e;
        }
        journal.finish();
    }

    /** The journal of a rewrite of the patchset in {@code dir}, kept in that folder. */
    public static Journal patchsetJournal(Path dir, String operation, Writes writes) {
        Path abs = dir.toAbsolutePath().normalize();
        return new Journal(Journal.patchsetFile(abs), abs, operation, String.valueOf(dir), writes);
    }
}
