package io.patchpin.workspace;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.Settings;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.eclipse.jgit.lib.Repository;

/**
 * Every component of a workspace at one superproject commit, sorted by path, with the repository each component's
 * objects were found in.
 *
 * @param commit     the superproject commit, 40-hex
 * @param components every component including the superproject ".", sorted by path
 * @param mirrorDir  the mirror folder searched for missing objects, if one was given
 * @param settings   the settings of the run that resolved it
 */
public record Snapshot(
        String commit,
        SortedMap<String, Component> components,
        Map<String, Repository> repositories,
        Optional<Path> mirrorDir,
        Settings settings) {
    public Snapshot {
        components = Collections.unmodifiableSortedMap(new TreeMap<>(components));
        repositories = Map.copyOf(repositories);
    }

    public Optional<Component> component(String path) {
        return Optional.ofNullable(components.get(path));
    }

    /** The component given with {@code --component}, at this commit as a patchset's base; bad input when none is. */
    public Component requireComponent(String path) {
        return component(path)
                .orElseThrow(() -> new BadInputException(
                        "--component", 0, "'" + path + "' is not a component at the base " + Hashes.abbrev(commit)));
    }

    /** The repository holding the component's commit, or empty when its objects are missing. */
    public Optional<Repository> repository(String path) {
        return Optional.ofNullable(repositories.get(path));
    }

    public RevisionFileSource files() {
        return new RevisionFileSource(this);
    }
}
