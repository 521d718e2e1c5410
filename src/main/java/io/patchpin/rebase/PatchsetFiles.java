package io.patchpin.rebase;

import io.patchpin.core.AtomicFiles;
import io.patchpin.core.RelativePath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Replaces files of a patchset folder atomically, remembering what was there to put it back. */
final class PatchsetFiles {
    private record Done(Path path, byte[] original) {
    }

    private final Path dir;
    private final List<Done> done = new ArrayList<>();

    PatchsetFiles(Path dir) {
        this.dir = dir;
    }

    void write(String name, byte[] bytes) {
        Path p = resolve(name);
        byte[] original = read(p);
        AtomicFiles.write(p, bytes);
        done.add(new Done(p, original));
    }

    void delete(String name) {
        try {
            Files.deleteIfExists(resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + resolve(name), e);
        }
    }

    void rollback(RuntimeException cause) {
        for (int i = done.size() - 1; i >= 0; i--) {
            Done d = done.get(i);
            try {
                if (d.original() == null) {
                    Files.deleteIfExists(d.path());
                } else {
                    AtomicFiles.write(d.path(), d.original());
                }
            } catch (IOException | RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
        done.clear();
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
