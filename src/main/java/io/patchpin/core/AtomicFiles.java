package io.patchpin.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/** Replaces files atomically (temp file in the same folder, then rename), never through a symbolic link. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes {@code bytes} to {@code target} atomically, keeping an existing file's permissions. */
    public static void write(Path target, byte[] bytes) {
        if (Files.isSymbolicLink(target)) {
            throw new BadInputException(target.toString(), 0, "refusing to write through a symbolic link");
        }
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            Set<PosixFilePermission> perms = Files.exists(target, LinkOption.NOFOLLOW_LINKS) ? permissions(target) : null;
            tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
            Files.write(tmp, bytes);
            if (perms != null) {
                Files.setPosixFilePermissions(tmp, perms);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the original error is the one worth reporting
                }
            }
        }
    }

    private static Set<PosixFilePermission> permissions(Path p) throws IOException {
        try {
            return Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException e) {
            return null;
        }
    }
}
