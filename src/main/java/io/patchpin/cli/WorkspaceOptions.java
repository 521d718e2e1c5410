package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Settings;
import io.patchpin.lock.Pins;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.safety.Recovery;
import io.patchpin.safety.WriteLock;
import io.patchpin.workspace.RepositoryLocator;
import io.patchpin.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --repo} and {@code --mirror-dir}, shared by every command that opens a workspace. */
public final class WorkspaceOptions {
    @Option(
            names = "--repo",
            paramLabel = "DIR",
            description = "Superproject work tree or bare repository (default: current directory).")
    Path repo;

    @Option(
            names = "--mirror-dir",
            paramLabel = "DIR",
            description =
                    "Bare mirrors laid out as TheRock's (URL path + .git); default $" + Workspace.MIRROR_ENV + ".")
    Path mirrorDir;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    public Path repo() {
        if (repo != null) {
            return repo;
        }
        Path here = Path.of("").toAbsolutePath();
        var root = RepositoryLocator.workTreeRootOf(here);
        var superproject = root.flatMap(RepositoryLocator::superprojectOf);
        if (superproject.isPresent()) {
            throw new BadInputException(
                    root.get().toString(),
                    0,
                    "is a submodule; the superproject is " + superproject.get() + ": run from there or pass --repo "
                            + superproject.get());
        }
        return here;
    }

    /** {@code --repo}, else the pins file's workspace root path, else the current directory. */
    public Path repo(Pins pins) {
        if (repo == null && pins != null && pins.workspaceRoot().path().isPresent()) {
            return pins.dir().resolve(pins.workspaceRoot().path().get()).normalize();
        }
        return repo();
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
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(from, 0, "no such folder: " + dir);
        }
        return dir;
    }

    public Settings settings() {
        return ((RunSettings) command.root().userObject()).settings();
    }

    /** The root command's hold on the settings {@link Main#run} read for this run, which its verbs reach through it. */
    interface RunSettings {
        Settings settings();
    }

    /** The write lock of the patchset folder {@code dir} for {@code verb}, waiting as long as the run allows. */
    WriteLock lock(Path dir, String verb) {
        return WriteLock.forPatchset(dir, verb, settings().lockWait());
    }

    /**
     * The workspace for authoring into the patchset in {@code dir}, or null when that
     * set's base is unknown (its entries are written unsealed; no repository is needed).
     */
    public Workspace openFor(Path dir) {
        recover(null, List.of(dir), false); // an interrupted rewrite of the set is finished or undone before it is read
        return PatchsetStore.read(dir).baseKnown() ? open() : null;
    }

    /** Opens the workspace named by these options, first recovering any write a killed patchpin left midway. */
    public Workspace open() {
        Workspace ws = Workspace.open(repo(), mirrorDir(), settings());
        recover(ws, List.of(), false);
        return ws;
    }

    /**
     * Finishes or rolls back an interrupted write (the workspace's journal, and those of the patchset
     * folders given to the command), saying so on stderr; returns the lines said.
     */
    List<String> recover(Workspace ws, List<Path> more, boolean rollbackOnly) {
        List<Path> dirs = new ArrayList<>(patchsetDirs());
        more.stream().filter(Files::isDirectory).forEach(dirs::add);
        List<String> said = Recovery.run(
                ws == null ? null : ws.workTree().orElse(null),
                Recovery.gitDirOf(ws).orElse(null),
                dirs,
                rollbackOnly,
                settings());
        said.forEach(line -> command.commandLine().getErr().println("patchpin: " + line));
        return said;
    }

    /** The folders among the command's positional values (its patchset folders). */
    private List<Path> patchsetDirs() {
        return command.positionalParameters().stream()
                .map(ArgSpec::getValue)
                .flatMap(v -> v instanceof Collection<?> c ? c.stream() : Stream.of(v))
                .filter(v -> v instanceof Path p && Files.isDirectory(p))
                .map(Path.class::cast)
                .toList();
    }
}
