package io.patchpin.apply;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Changes files (content, then executable bits) and commits one step at a
 * time and, when any step fails, undoes every step already done, last first
 * (original bytes back, a created file deleted, the old mode, the old HEAD),
 * then rethrows: the tree ends as it began.
 */
final class Transaction {
    private final WorkTreeWriter writer;
    private final List<Runnable> undo = new ArrayList<>();

    Transaction(WorkTreeWriter writer) {
        this.writer = writer;
    }

    void write(Path path, byte[] original, byte[] content) {
        writer.write(path, content);
        undo.add(() -> WorkTreeWriter.ATOMIC.write(path, original));
    }

    /** Sets the executable bit; returns whether it changed (false too when modes are not supported). */
    boolean mode(Path path, boolean executable) {
        Boolean was = ExecBit.get(path).orElse(null);
        if (was == null || was == executable) {
            return false;
        }
        ExecBit.set(path, executable);
        undo.add(() -> ExecBit.set(path, was));
        return true;
    }

    /** Registers how to undo a step done outside this class (a commit). */
    void done(Runnable undoStep) {
        undo.add(undoStep);
    }

    void rollback(RuntimeException cause) {
        for (int i = undo.size() - 1; i >= 0; i--) {
            try {
                undo.get(i).run();
            } catch (RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
        undo.clear();
    }
}
