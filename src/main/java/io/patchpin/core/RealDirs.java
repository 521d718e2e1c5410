package io.patchpin.core;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resolves a component path under the superproject work tree so that every
 * segment is a real folder: a symbolic link anywhere on the way (a work-tree
 * link {@code lnk -> /elsewhere} with a component {@code lnk/sub}) would make
 * a checkout or a read land outside the workspace.
 */
public final class RealDirs {
    private RealDirs() {}

    /** {@code root/path}, refused as bad input when the path is unsafe or passes through a symbolic link. */
    public static Path resolve(Path root, String path) {
        if (path.equals(".")) {
            return root;
        }
        RelativePath.problem(path).ifPresent(p -> {
            throw new BadInputException("component '" + path + "': " + p);
        });
        Path p = root;
        for (String segment : RelativePath.normalize(path).split("/")) {
            p = p.resolve(segment);
            if (Files.isSymbolicLink(p)) {
                throw new BadInputException("component '" + path + "': refusing to follow the symbolic link '"
                        + root.relativize(p) + "' in the work tree (it could point outside the workspace)");
            }
        }
        return p;
    }
}
