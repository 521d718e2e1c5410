package io.patchpin.workspace;

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
 */
public final class Snapshot {
    private final String commit;
    private final SortedMap<String, Component> components;
    private final Map<String, Repository> repositories;
    private final Path mirrorDir;
    private final Settings settings;

    Snapshot(
            String commit,
            SortedMap<String, Component> components,
            Map<String, Repository> repositories,
            Path mirrorDir,
            Settings settings) {
        this.mirrorDir = mirrorDir;
        this.settings = settings;
        this.commit = commit;
        this.components = Collections.unmodifiableSortedMap(new TreeMap<>(components));
        this.repositories = Map.copyOf(repositories);
    }

    /** The superproject commit, 40-hex. */
    public String commit() {
        return commit;
    }

    /** Every component including the superproject ".", sorted by path. */
    public SortedMap<String, Component> components() {
        return components;
    }

    public Optional<Component> component(String path) {
        return Optional.ofNullable(components.get(path));
    }

    /** The repository holding the component's commit, or empty when its objects are missing. */
    public Optional<Repository> repository(String path) {
        return Optional.ofNullable(repositories.get(path));
    }

    /** The mirror folder searched for missing objects, if one was given. */
    public Optional<Path> mirrorDir() {
        return Optional.ofNullable(mirrorDir);
    }

    /** The settings of the run that resolved it. */
    public Settings settings() {
        return settings;
    }

    public RevisionFileSource files() {
        return new RevisionFileSource(this);
    }
}
