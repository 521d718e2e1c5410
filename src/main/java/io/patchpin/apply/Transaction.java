package io.patchpin.apply;

import io.patchpin.core.UndoLog;

import java.nio.file.Path;

/**
 * Changes files (content, then executable bits) and commits one step at a
 * time and, when any step fails, undoes every step already done, last first
 * (original bytes back, a created file deleted, the old mode, the old HEAD),
 * then rethrows: the tree ends as it began.
 */
final class Transaction {
    private final FileWriter writer;
    private final UndoLog undo = new UndoLog();

    Transaction(FileWriter writer) {
        this.writer = writer;
    }

    void write(Path path, byte[] original, byte[] content) {
        writer.write(path, content);
        undo.done(() -> FileWriter.ATOMIC.write(path, original));
    }

    /** Sets the executable bit; returns whether it changed (false too when modes are not supported). */
    boolean mode(Path path, boolean executable) {
        Boolean was = ExecBit.get(path).orElse(null);
        if (was == null || was == executable) {
            return false;
        }
        ExecBit.set(path, executable);
        undo.done(() -> ExecBit.set(path, was));
        return true;
    }

    /** Registers how to undo a step done outside this class (a commit). */
    void done(UndoLog.Step undoStep) {
        undo.done(undoStep);
    }

    void rollback(RuntimeException cause) {
        undo.rollback(cause);
    }
}
