package io.patchpin.apply;

import io.patchpin.core.BadInputException;
import io.patchpin.core.RelativePath;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resolves a component file to a path in the work tree that is safe to write: relative, no '..', not into '.git', and
 * no symbolic link on any path segment below the superproject root (a link could point anywhere).
 */
public final class SafeTree {
    private final Path root;

    public SafeTree(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path resolve(String component, String file) {
        String rel = RelativePath.join(component, file);
        Path p = root;
        for (String segment : RelativePath.check(rel, 0, rel).split("/")) {
            p = p.resolve(segment);
            if (Files.isSymbolicLink(p)) {
                throw new BadInputException(
                        rel, 0, "refusing to write through the symbolic link " + root.relativize(p));
            }
        }
        return p;
    }
}
