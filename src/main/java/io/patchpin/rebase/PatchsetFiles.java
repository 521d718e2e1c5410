package io.patchpin.rebase;

import io.patchpin.core.ReadLimit;
import io.patchpin.core.RelativePath;
import io.patchpin.safety.FileBatch;
import io.patchpin.safety.Journal;
import io.patchpin.safety.Writes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of a patchset folder a rebase replaces or deletes, written all or nothing through the patchset's journal
 * (see {@link FileBatch}).
 */
final class PatchsetFiles {
    private final Path dir;
    private final List<Journal.Change> changes = new ArrayList<>();

    PatchsetFiles(Path dir) {
        this.dir = dir;
    }

    void write(String name, byte[] bytes) {
        Path p = resolve(name);
        changes.add(new Journal.Change(p, read(p), bytes));
    }

    void delete(String name) {
        Path p = resolve(name);
        byte[] was = read(p);
        if (was != null) {
            changes.add(new Journal.Change(p, was, null));
        }
    }

    /** The changes, in the order they are written. */
    List<Journal.Change> changes() {
        return List.copyOf(changes);
    }

    /** Writes every change, or none. */
    void commit(Writes writes) {
        FileBatch.write(FileBatch.patchsetJournal(dir, "rebase", writes), changes);
    }

    private Path resolve(String name) {
        RelativePath.check(dir.toString(), 0, name);
        return dir.resolve(name);
    }

    private static byte[] read(Path p) {
        try {
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
            return ReadLimit.heapShare().readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }
}
