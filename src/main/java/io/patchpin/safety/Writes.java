package io.patchpin.safety;

import io.patchpin.core.Settings;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * How a writing operation changes the disk, one step at a time: a file replaced
 * (atomically) or deleted, and the steps that are not file writes (a journal
 * written, a commit, a ref moved, a checkout) announced before they happen. A
 * seam, so tests can fail or stop an operation at any step.
 */
@FunctionalInterface
public interface Writes {
    /** Replaces {@code target} atomically with {@code content}, or deletes it when content is null. */
    void write(Path target, byte[] content);

    default void step(String what) {}

    /**
     * Every {@link #write} in order, telling {@code done} each index once that file is in place. The real writes
     * flush all the files together ({@link AtomicFiles#writeAll}); a seam sees one write per file.
     */
    default void writeAll(List<Path> targets, List<byte[]> contents, IntConsumer done) {
        for (int i = 0; i < targets.size(); i++) {
            write(targets.get(i), contents.get(i));
            done.accept(i);
        }
    }

    /**
     * Whether the files written are flushed to disk ({@code Settings.fsync}); the journal of these writes and
     * their undo flush as they do. A seam that stops or fails at a step flushes, unless it says otherwise.
     */
    default boolean fsync() {
        return true;
    }

    static Writes atomic(Settings settings) {
        return new Atomic(settings.fsync());
    }

    record Atomic(boolean fsync) implements Writes {
        @Override
        public void write(Path target, byte[] content) {
            atomic(target, content, fsync);
        }

        @Override
        public void writeAll(List<Path> targets, List<byte[]> contents, IntConsumer done) {
            AtomicFiles.writeAll(targets, contents, fsync, done);
        }
    }

    /** The real write: atomic replacement (flushed to disk when {@code fsync}), or deletion. */
    static void atomic(Path target, byte[] content, boolean fsync) {
        if (content != null) {
            AtomicFiles.write(target, content, fsync);
        } else {
            AtomicFiles.delete(target);
        }
    }
}
