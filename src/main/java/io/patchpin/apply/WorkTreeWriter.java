package io.patchpin.apply;

import io.patchpin.core.AtomicFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** How apply and revert change one file; a seam so tests can make a write fail midway. */
@FunctionalInterface
public interface WorkTreeWriter {
    /** Replaces {@code target} atomically with {@code content}, or deletes it when content is null. */
    void write(Path target, byte[] content);

    WorkTreeWriter ATOMIC = (target, content) -> {
        if (content != null) {
            AtomicFiles.write(target, content);
            return;
        }
        try {
            Files.deleteIfExists(target);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + target, e);
        }
    };
}
