package io.patchpin.cli;

import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.Finder;
import io.patchpin.rewrite.Replacement;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "rewrite", description = "Add a find/replace entry, sealed against the file at the patchset base.")
public final class AddRewriteCommand extends WorkspaceCommand {
    @Mixin
    EntryOptions entry;

    @Option(
            names = "--find",
            paramLabel = "TEXT",
            required = true,
            description = "Text (or with --regex an RE2 expression) to find.")
    String find;

    @Option(
            names = "--replace",
            paramLabel = "TEXT",
            required = true,
            description = "Replacement; may hold newlines; with --regex $1 / $${1} are groups and $$$$ a dollar.")
    String replace;

    @Option(names = "--regex", description = "FIND is an RE2 regular expression (MULTILINE).")
    boolean regex;

    @Option(
            names = "--occurrence",
            paramLabel = "N|all",
            defaultValue = "all",
            description = "Edit every match (all, the default) or only the Nth, like sed s///N.")
    String occurrence;

    @Override
    public Integer call() {
        Occurrence occ = Occurrence.parse(occurrence)
                .orElseThrow(() -> new BadInputException(
                        "--occurrence", 0, "must be 'all' or a positive number, not '" + occurrence + "'"));
        if (find.isEmpty()) {
            throw new BadInputException("--find", 0, "is empty");
        }
        Finder f = Finder.of(find, regex, workspace.settings().regexWork());
        Replacement.of(replace, regex, f.groupCount());
        RewriteEntry e = new RewriteEntry(
                Entry.Common.of(entry.id("rewrite"), entry.component(), entry.notes.why, entry.notes.links()),
                entry.file(),
                find,
                replace,
                regex,
                occ,
                Optional.empty());
        Authoring.Added added = entry.add(workspace, e);
        return added.exitCode().code();
    }
}
