package io.patchpin.cli;

import io.patchpin.author.Authoring;
import io.patchpin.core.RelativePath;
import io.patchpin.patchset.Entry;
import io.patchpin.report.AddedText;
import io.patchpin.safety.WriteLock;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.workspace.Workspace;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Options every {@code add} subcommand shares: the folder, component, file, id and notes. */
public final class EntryOptions {
    @picocli.CommandLine.Mixin
    PatchsetArg patchset;

    @Option(
            names = "--component",
            paramLabel = "C",
            defaultValue = ".",
            description = "Component path from the superproject root (default: the superproject '.').")
    String component;

    @Option(names = "--file", paramLabel = "F", required = true, description = "File path inside the component.")
    String file;

    @Option(names = "--id", paramLabel = "ID", description = "Entry id (default: derived from the file name).")
    String id;

    @picocli.CommandLine.Mixin
    EntryNotes notes;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    String component() {
        return RelativePath.normalize(RelativePath.check("--component", 0, component));
    }

    String file() {
        return RelativePath.check("--file", 0, file);
    }

    /**
     * Adds {@code e}, with the upstream record given, to the set in DIR under the write lock of the workspace it
     * belongs to; says what was added.
     */
    Authoring.Added add(WorkspaceOptions workspace, Entry e) {
        Entry withUpstream = e.withUpstream(notes.upstream.upstream());
        Authoring.Added added;
        try (Workspace ws = workspace.openFor(patchset.dir);
                WriteLock busy =
                        WriteLock.forPatchset(patchset.dir, "add " + e.kind().word())) {
            added = Authoring.add(
                    ws, patchset.dir, withUpstream, workspace.settings().fsync());
        }
        AddedText.print(command.commandLine().getOut(), command.commandLine().getErr(), added);
        return added;
    }

    /** The given id (checked) or one derived from the file, unique in the set. */
    String id(String kind) {
        LoadedPatchset set = LoadedPatchset.read(patchset.dir);
        if (id == null) {
            return Authoring.deriveId(
                    kind, file(), candidate -> set.patchset().entry(candidate).isPresent());
        }
        Authoring.requireValidId("--id", id);
        return id;
    }
}
