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
        return repo != null ? repo : Path.of("").toAbsolutePath();
    }

    public Path mirrorDir() {
        if (mirrorDir != null) {
            return mirrorDir;
        }
        String env = System.getenv(Workspace.MIRROR_ENV);
        return env == null || env.isBlank() ? null : Path.of(env);
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
