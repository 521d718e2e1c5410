package io.patchpin.cli;

import io.patchpin.author.Authoring;
import io.patchpin.core.RelativePath;
import io.patchpin.patchset.Entry;
import io.patchpin.report.AddedText;
import io.patchpin.safety.WriteLock;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.workspace.Workspace;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options of the text entries' {@code add} subcommands: the folder, component, file, id and notes. */
public final class EntryOptions {
    @Mixin
    Options.PatchsetArg patchset;

    @Mixin
    Options.ComponentPath component;

    @Option(names = "--file", paramLabel = "F", required = true, description = "File path inside the component.")
    String file;

    @Mixin
    Options.EntryId id;

    @Mixin
    Options.EntryNotes notes;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    String component() {
        return component.checked();
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
                WriteLock busy = workspace.lock(patchset.dir, "add " + e.kind().word())) {
            added = Authoring.add(
                    ws, patchset.dir, withUpstream, workspace.settings().fsync());
        }
        AddedText.print(command.commandLine().getOut(), command.commandLine().getErr(), added);
        return added;
    }

    /** The given id (checked) or one derived from the file, unique in the set. */
    String id(String kind) {
        LoadedPatchset set = LoadedPatchset.read(patchset.dir);
        if (id.id == null) {
            return Authoring.deriveId(
                    kind, file(), candidate -> set.patchset().entry(candidate).isPresent());
        }
        Authoring.requireValidId("--id", id.id);
        return id.id;
    }
}
