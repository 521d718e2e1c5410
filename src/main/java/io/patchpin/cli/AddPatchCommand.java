package io.patchpin.cli;

import io.patchpin.author.AddPatch;
import io.patchpin.core.BadInputException;
import io.patchpin.core.RelativePath;
import io.patchpin.patch.NewPatch;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.Upstream;
import io.patchpin.safety.WriteLock;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "patch",
        description = "Add a unified diff (git diff, format-patch mail, diff -u, quilt) as a sealed patch entry.")
public final class AddPatchCommand extends WorkspaceCommand {
    @Mixin
    Options.PatchsetArg patchset;

    @Parameters(index = "1", paramLabel = "PATCHFILE", description = "The patch file.")
    Path patchFile;

    @Mixin
    Options.ComponentPath component;

    @Mixin
    Options.EntryId id;

    @Option(
            names = "--directory",
            paramLabel = "SUBDIR",
            description = "Subfolder of the component the patch paths are relative to.")
    String directory;

    @Option(names = "-p", paramLabel = "N", description = "Strip N leading path segments (default: detected, p0..p3).")
    Integer strip;

    @Mixin
    Options.EntryNotes notes;

    @Override
    public Integer call() {
        if (strip != null && strip < 0) {
            throw new BadInputException("-p", 0, "must be 0 or more, not " + strip);
        }
        byte[] bytes;
        try {
            bytes = workspace.settings().readLimit().readAllBytes(patchFile);
        } catch (NoSuchFileException e) {
            throw new BadInputException(patchFile.toString(), 0, "no such file", e);
        } catch (IOException e) {
            throw new BadInputException(
                    patchFile.toString(),
                    0,
                    "cannot read: " + (Files.isDirectory(patchFile) ? "is a folder, not a patch file" : e.getMessage()),
                    e);
        }
        String comp = component.checked();
        String sub = directory == null ? "" : RelativePath.check("--directory", 0, directory);
        NewPatch request = new NewPatch(
                patchFile.toString(),
                bytes,
                comp,
                Optional.ofNullable(id.id),
                sub.equals(".") ? "" : sub,
                Optional.ofNullable(strip),
                notes.why,
                notes.links());
        try (Workspace ws = workspace.openFor(patchset.dir);
                WriteLock busy = workspace.lock(patchset.dir, "add patch")) {
            Upstream u = notes.upstream.upstream();
            AddPatch.Result r = AddPatch.run(
                    ws,
                    new AddPatch.Request(patchset.dir, List.of(request), PatchsetStore.read(patchset.dir), p -> u),
                    workspace.settings());
            for (PatchEntry e : r.added()) {
                boolean sealed = !r.unsealed().containsKey(e.id());
                out().println("added patch " + e.id() + " (" + e.patch() + ", -p" + e.strip() + ", "
                        + e.files().size() + " file(s), " + (sealed ? "sealed" : "unsealed") + ") to "
                        + patchset.dir);
                if (!sealed) {
                    err().println("patchpin: warning: " + r.unsealed().get(e.id()) + ": written unsealed with -p"
                            + e.strip() + " (verify will say 'unsealed'; rebase to seal it)");
                }
            }
            return r.exitCode().code();
        }
    }
}
