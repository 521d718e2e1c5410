package io.patchpin.safety;

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
public final class ExecBit {
    private ExecBit() {}

    /** Whether the file is executable by its owner; empty when absent or not on a POSIX file system. */
    public static Optional<Boolean> get(Path p) {
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

    public static void set(Path p, boolean executable) {
        try {
            Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
            perms.addAll(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
            if (!executable) {
                perms.removeAll(Set.of(
                        PosixFilePermission.OWNER_EXECUTE,
                        PosixFilePermission.GROUP_EXECUTE,
                        PosixFilePermission.OTHERS_EXECUTE));
            } else {
                perms.add(PosixFilePermission.OWNER_EXECUTE);
                if (perms.contains(PosixFilePermission.GROUP_READ)) {
                    perms.add(PosixFilePermission.GROUP_EXECUTE);
                }
                if (perms.contains(PosixFilePermission.OTHERS_READ)) {
                    perms.add(PosixFilePermission.OTHERS_EXECUTE);
                }
            }
            Files.setPosixFilePermissions(p, perms);
        } catch (UnsupportedOperationException e) {
            // no modes on this file system: nothing was changed either
        } catch (IOException e) {
            throw new UncheckedIOException("cannot change the mode of " + p, e);
        }
    }
}
