package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Progress;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.LockFile;
import io.patchpin.lock.LockResult;
import io.patchpin.lock.Locker;
import io.patchpin.lock.ManifestLock;
import io.patchpin.lock.Pins;
import io.patchpin.lock.PinsReader;
import io.patchpin.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "lock",
        description = {
            "Lock every component, recursively, at a superproject revision or as a pins file wants it.",
            "Exit 1 when an override cannot be resolved from local objects (nothing written) or a component's "
                    + "commit is in no local object database (written, marked objects = \"missing\")."
        },
        subcommands = {LockDiffCommand.class, LockCheckCommand.class, LockExportCommand.class})
public final class LockCommand extends WorkspaceCommand {
    @Mixin
    Options.Rev rev;

    @Option(names = "--pins", paramLabel = "FILE", description = "Pins file (pins/<name>.toml) to resolve.")
    Path pinsFile;

    @Mixin
    Options.Output output;

    @Option(
            names = "--from-manifest",
            paramLabel = "FILE",
            description = {
                "Lock from a build manifest: TheRock's therock_manifest.json (share/therock/ of every artifact) or a PyTorch",
                "source manifest (schema_version 1). Components are resolved from --repo where TheRock's commit is there."
            })
    Path manifest;

    @Override
    public Integer call() {
        if (manifest != null) {
            return fromManifest();
        }
        Pins pins = pinsFile == null ? null : PinsReader.read(pinsFile);
        LockResult result;
        try (Workspace ws = Workspace.open(workspace.repo(pins), workspace.mirrorDir(), workspace.settings());
                Progress p = progress("resolving components")) {
            result = Locker.lock(ws, rev.rev, pins);
        }
        PrintWriter err = err();
        result.notes().forEach(n -> err.println("patchpin: " + n));
        result.problems().forEach(p -> err.println("patchpin: " + p.describe()));
        if (!result.problems().isEmpty()) {
            err.println("patchpin: nothing written: " + result.problems().size() + " override(s) unresolved");
            return result.exitCode().code();
        }
        for (Lock.Root r : result.unresolvedRoots()) {
            err.println("patchpin: " + pinsFile + ": root '" + r.name() + "' (" + r.url() + " " + r.ref()
                    + ") is not locked: it names no local clone (path); marked unresolved = true");
        }
        for (LockEntry m : result.missing()) {
            err.println("patchpin: " + m.path() + " (submodule " + m.name() + "): commit " + m.commit()
                    + " is in no local object database; its nested components are not locked");
        }
        write(output.file, LockFile.render(result.lock()));
        if (output.file != null) {
            err.println("patchpin: locked " + result.lock().components().size() + " components at "
                    + result.lock().superproject() + " to " + output.file);
        }
        return result.exitCode().code();
    }

    private int fromManifest() {
        if (pinsFile != null || rev.rev != null) {
            throw new BadInputException(
                    "--from-manifest", 0, "goes without --pins and --rev: the manifest names the commit");
        }
        ManifestLock.Result r;
        Workspace ws = null;
        try {
            ws = workspace.open();
        } catch (BadInputException e) {
            if (workspace.repo != null) {
                throw e;
            }
            // no TheRock here (an installed ROCm, a wheel): the manifest's own pins are all there is
        }
        try (Workspace open = ws) {
            r = ManifestLock.read(manifest, open);
        }
        PrintWriter err = err();
        r.notes().forEach(n -> err.println("patchpin: " + n));
        write(output.file, LockFile.render(r.lock()));
        String what = (r.kind() == ManifestLock.Kind.THEROCK ? "ROCm " : "PyTorch ")
                + (r.label().isEmpty() ? "(no version)" : r.label());
        err.println("patchpin: " + what + " is TheRock " + r.lock().superproject()
                + (output.file == null
                        ? ""
                        : "; locked " + r.lock().components().size() + " components to " + output.file));
        return r.exitCode().code();
    }
}
