package io.patchpin.apply;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The executable bit of a work-tree file, as git sees it (100755 or 100644).
 * Setting it gives execute to whoever may read, as git's checkout does; on a
 * file system without POSIX permissions nothing is read or changed.
 */
final class ExecBit {
    private ExecBit() {}

    /** Whether the file is executable by its owner; empty when absent or not on a POSIX file system. */
    static Optional<Boolean> get(Path p) {
        if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS)
                    .contains(PosixFilePermission.OWNER_EXECUTE));
        } catch (UnsupportedOperationException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the mode of " + p, e);
        }
    }

    static void set(Path p, boolean executable) {
        try {
            Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
            perms.addAll(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
            toggle(perms, PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_EXECUTE, executable);
            toggle(perms, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_EXECUTE, executable);
            toggle(perms, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE, executable);
            Files.setPosixFilePermissions(p, perms);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot change the mode of " + p, e);
        }
    }

    private static void toggle(
            Set<PosixFilePermission> perms, PosixFilePermission read, PosixFilePermission exec, boolean executable) {
        if (executable && (perms.contains(read) || read == PosixFilePermission.OWNER_READ)) {
            perms.add(exec);
        } else if (!executable) {
            perms.remove(exec);
        }
    }
}
