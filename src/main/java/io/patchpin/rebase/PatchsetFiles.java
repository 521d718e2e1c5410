package io.patchpin.rebase;

import io.patchpin.core.AtomicFiles;
import io.patchpin.core.RelativePath;
import io.patchpin.core.UndoLog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/** Replaces files of a patchset folder atomically, remembering what was there to put it back. */
final class PatchsetFiles {
    private final Path dir;
    private final UndoLog undo = new UndoLog();

    PatchsetFiles(Path dir) {
        this.dir = dir;
    }

    void write(String name, byte[] bytes) {
        Path p = resolve(name);
        byte[] original = read(p);
        AtomicFiles.write(p, bytes);
        undo.done(() -> {
            if (original == null) {
                Files.deleteIfExists(p);
            } else {
                AtomicFiles.write(p, original);
            }
        });
    }

    void delete(String name) {
        try {
            Files.deleteIfExists(resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + resolve(name), e);
        }
    }

    void rollback(RuntimeException cause) {
        undo.rollback(cause);
    }

    private Path resolve(String name) {
        RelativePath.check(dir.toString(), 0, name);
        return dir.resolve(name);
    }

    private static byte[] read(Path p) {
        try {
            return Files.exists(p, LinkOption.NOFOLLOW_LINKS) ? Files.readAllBytes(p) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }
}
