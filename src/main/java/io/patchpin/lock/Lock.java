package io.patchpin.lock;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A lockfile {@code pins/<name>.lock.toml}: what a workspace resolved to. Every list is sorted (components by path,
 * patchsets as the pins file names them, .smrev digests by tag and project) so the same input always renders the same
 * bytes.
 *
 * @param name the pins file's name, empty for a lock of a bare revision
 */
public record Lock(
        Optional<String> name,
        String superproject,
        List<LockRoot> roots,
        List<LockEntry> components,
        List<PatchsetDigest> patchsets,
        List<SmrevDigest> smrevs) {

    public static final int FORMAT = 1;

    public Lock {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(superproject, "superproject");
        roots = List.copyOf(roots);
        components = components.stream()
                .sorted(Comparator.comparing(LockEntry::path))
                .toList();
        patchsets = List.copyOf(patchsets);
        smrevs = List.copyOf(smrevs);
    }

    public Optional<LockEntry> component(String path) {
        return components.stream().filter(c -> c.path().equals(path)).findFirst();
    }

    /** This lock with only the components at {@code paths} (sync --component). */
    public Lock only(Set<String> paths) {
        return new Lock(
                name,
                superproject,
                roots,
                components.stream().filter(c -> paths.contains(c.path())).toList(),
                patchsets,
                smrevs);
    }
}
