package io.patchpin.cli;

import io.patchpin.patch.AddPatch;
import io.patchpin.patch.ImportPatches;
import io.patchpin.patch.NewPatch;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.workspace.Workspace;
import io.patchpin.safety.WriteLock;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code import DIR --from PATH}: a TheRock patches/&lt;tag&gt; folder, a quilt series or a folder of mails, all or nothing. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import a TheRock patches/<tag> folder, a quilt series or a folder of format-patch files as sealed patch entries.")
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOptions workspace;

    @Parameters(index = "0", paramLabel = "DIR", description = "Patchset folder.")
    Path dir;

    @Option(names = "--from", required = true, paramLabel = "PATH", description = "Patches folder or quilt series file.")
    Path from;

    @Option(names = "--component", paramLabel = "C", description = "Component for a quilt series or a plain folder.")
    String component;

    @Option(names = "--rev", paramLabel = "REV", defaultValue = "HEAD", description = "Base for a new patchset (default: ${DEFAULT-VALUE}).")
    String rev;

    @Mixin
    UpstreamOptions upstream;

    @Override
    public Integer call() {
        try (Workspace ws = workspace.open(); WriteLock busy = WriteLock.take(ws, "import")) {
            Patchset set = java.nio.file.Files.exists(PatchsetStore.tomlOf(dir)) ? PatchsetStore.read(dir)
                    : Patchset.empty(dir.toAbsolutePath().normalize().getFileName().toString(), ws.resolve(rev).name());
            String base = set.base();
            if (base == null) {
                throw new io.patchpin.core.BadInputException(PatchsetStore.tomlOf(dir).toString(), 0,
                        "the patchset has no base; import seals patches against one (rebase it first)");
            }
            List<NewPatch> patches = ImportPatches.collect(from, ws.baseSnapshot(base), component);
            io.patchpin.patchset.Upstream given = upstream.upstream();
            AddPatch.Result r = AddPatch.run(ws, dir, patches, set,
                    p -> given.or(io.patchpin.patch.UpstreamTrailers.of(p.bytes())));
            r.added().forEach(e -> spec.commandLine().getOut().println("imported " + e.id() + " -> " + e.component()
                    + " (" + e.patch() + (r.unsealed().contains(e.id()) ? ", unsealed: " + r.whyUnsealed(e.id()) : "") + ")"));
            spec.commandLine().getOut().println(r.added().size() + " patch(es) imported into " + dir);
            return r.exitCode().code();
        }
    }
}
