package io.patchpin.cli;

import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Layer;
import io.patchpin.patchset.Patchset;
import io.patchpin.safety.WriteLock;
import io.patchpin.verify.Layers;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "new", description = "Create an empty patchset sealed at REV (default HEAD).")
public final class NewCommand extends WorkspaceCommand {
    @Parameters(index = "0", paramLabel = "DIR", description = "Patchset folder, e.g. patchsets/gfx1103.")
    Path dir;

    @Mixin
    Options.Rev rev;

    @Option(
            names = "--no-base",
            description = "The root's objects are not at hand: no base, every entry is written unsealed "
                    + "(no repository is opened); the first rebase sets the base and seals them.")
    boolean noBase;

    @Option(names = "--name", paramLabel = "N", description = "Patchset name (default: the folder name).")
    String name;

    @Option(names = "--summary", paramLabel = "TEXT", description = "One line: what the set is for.")
    String summary;

    @Option(
            names = "--target",
            paramLabel = "T",
            description = "A GPU arch, distro or toolchain the set is for (repeatable).")
    List<String> targets = new ArrayList<>();

    @Option(names = "--env", paramLabel = "K=V", description = "A variable a build with this set needs (repeatable).")
    List<String> env = new ArrayList<>();

    @Option(
            names = "--layer",
            paramLabel = "PATH|therock:TAG",
            description = {
                "What lies below the set, bottom first (repeatable): a patchset folder (relative to DIR),",
                "or TheRock's patches/TAG read from the superproject at the revision checked.",
                "Entries are sealed and verified on the tree the layers leave."
            })
    List<String> layers = new ArrayList<>();

    @Override
    public Integer call() {
        if (noBase && rev.rev != null) {
            throw new BadInputException("--no-base", 0, "cannot be combined with --rev");
        }
        TreeMap<String, String> vars = new TreeMap<>();
        for (String kv : env) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new BadInputException("--env", 0, "'" + kv + "' is not K=V");
            }
            vars.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        List<Layer> below = new ArrayList<>();
        for (String l : layers) {
            try {
                below.add(Layer.parse(Layers.relativeTo(dir, l)));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--layer", 0, e.getMessage());
            }
        }
        Authoring.NewSet req = new Authoring.NewSet(
                dir, noBase ? null : rev.orHead(), name, summary == null ? "" : summary, targets, vars, below);
        Authoring.Created created;
        if (noBase) {
            created = Authoring.create(null, req, workspace.settings().fsync());
        } else {
            try (Workspace ws = workspace.open();
                    WriteLock busy = workspace.lock(dir, "new")) {
                created = Authoring.create(ws, req, ws.settings().fsync());
            }
        }
        Patchset p = created.patchset();
        String on = p.layers().isEmpty()
                ? ""
                : " on " + p.layers().stream().map(Layer::toString).collect(Collectors.joining(", "));
        out().println("created patchset " + p.name() + " at " + p.base().orElse("an unknown base") + " in " + dir + on);
        return created.exitCode().code();
    }
}
