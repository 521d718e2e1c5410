package io.patchpin.cli;

import io.patchpin.workspace.Workspace;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --repo} and {@code --mirror-dir}, shared by every command that opens a workspace. */
public final class WorkspaceOptions {
    @Option(names = "--repo", paramLabel = "DIR", description = "Superproject work tree or bare repository (default: current directory).")
    Path repo;

    @Option(names = "--mirror-dir", paramLabel = "DIR",
            description = "Bare mirrors laid out as TheRock's (URL path + .git); default $" + Workspace.MIRROR_ENV + ".")
    Path mirrorDir;

    public Path repo() {
        if (repo != null) {
            return repo;
        }
        Path here = Path.of("").toAbsolutePath();
        var root = io.patchpin.workspace.RepositoryLocator.workTreeRootOf(here);
        var superproject = root.flatMap(io.patchpin.workspace.RepositoryLocator::superprojectOf);
        if (superproject.isPresent()) {
            throw new io.patchpin.core.BadInputException(root.get().toString(), 0, "is a submodule; the superproject is "
                    + superproject.get() + ": run from there or pass --repo " + superproject.get());
        }
        return here;
    }

    /** The mirror folder given (option, else environment), or null; one that does not exist is bad input. */
    public Path mirrorDir() {
        String from = "--mirror-dir";
        Path dir = mirrorDir;
        if (dir == null) {
            String env = System.getenv(Workspace.MIRROR_ENV);
            if (env == null || env.isBlank()) {
                return null;
            }
            from = Workspace.MIRROR_ENV;
            dir = Path.of(env);
        }
        if (!java.nio.file.Files.isDirectory(dir)) {
            throw new io.patchpin.core.BadInputException(from, 0, "no such folder: " + dir);
        }
        return dir;
    }

    /**
     * The workspace for authoring into the patchset in {@code dir}, or null when that
     * set's base is unknown (its entries are written unsealed; no repository is needed).
     */
    public Workspace openFor(Path dir) {
        return io.patchpin.patchset.PatchsetStore.read(dir).baseKnown() ? open() : null;
    }

    /** Opens the workspace named by these options. */
    public Workspace open() {
        return Workspace.open(repo(), mirrorDir());
    }
}
