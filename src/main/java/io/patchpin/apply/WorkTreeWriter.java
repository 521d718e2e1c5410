package io.patchpin.apply;

import io.patchpin.safety.AtomicFiles;
import io.patchpin.safety.Writes;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * How apply and revert change one file, and announce their other steps (the
 * journal, commits, HEAD moves); a seam so tests can make a write fail, or
 * stop the process, midway.
 */
@FunctionalInterface
public interface WorkTreeWriter extends Writes {
    /** The real writes: each file atomically, and a batch's files flushed to disk together. */
    WorkTreeWriter ATOMIC = new WorkTreeWriter() {
        @Override
        public void write(Path target, byte[] content) {
            Writes.atomic(target, content);
        }

        @Override
        public void writeAll(List<Path> targets, List<byte[]> contents, IntConsumer done) {
            AtomicFiles.writeAll(targets, contents, done);
        }
    };
}
