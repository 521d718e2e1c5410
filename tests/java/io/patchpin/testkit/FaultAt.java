package io.patchpin.testkit;

import io.patchpin.safety.AtomicFiles;
import io.patchpin.safety.Writes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Counts every write and step; at index {@code at} throws a fault, or stops as a kill. */
public final class FaultAt implements Writes {
    /** Stops an operation as a kill does: nothing after it runs, no rollback. */
    public static final class Crash extends Error {
        private static final long serialVersionUID = 1L;
    }

    private final int at;
    private final boolean crash;
    private int count;
    public boolean hit;

    public FaultAt(int at, boolean crash) {
        this.at = at;
        this.crash = crash;
    }

    @Override
    public void write(Path target, byte[] content) {
        tick(target);
        Writes.atomic(target, content, false);
    }

    /** Like the test JVMs' own writes, it does not flush: the tests check what is written. */
    @Override
    public boolean fsync() {
        return false;
    }

    @Override
    public void step(String what) {
        tick(null);
    }

    private void tick(Path target) {
        if (count++ != at) {
            return;
        }
        hit = true;
        if (!crash) {
            throw new IllegalStateException("injected fault at write " + at);
        }
        if (target != null) { // a kill between the temp file and the rename
            try {
                Files.createDirectories(target.getParent());
                Files.writeString(
                        target.resolveSibling(AtomicFiles.TEMP_PREFIX + target.getFileName() + ".killed"), "half");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new Crash();
    }
}
