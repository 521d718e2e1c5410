package io.patchpin.cli;

import io.patchpin.author.Authoring;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.rewrite.Finder;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
        name = "insert",
        description = "Add lines after (or before) the one line an anchor matches, sealed at the patchset base.")
public final class AddInsertCommand extends WorkspaceCommand {
    @Mixin
    EntryOptions entry;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Where where;

    static final class Where {
        @Option(names = "--after", paramLabel = "ANCHOR", description = "Insert after the line holding ANCHOR.")
        String after;

        @Option(names = "--before", paramLabel = "ANCHOR", description = "Insert before the line holding ANCHOR.")
        String before;
    }

    @Option(
            names = "--text",
            paramLabel = "TEXT",
            required = true,
            description = "Lines to insert (newline-separated).")
    String text;

    @Option(names = "--regex", description = "ANCHOR is an RE2 expression matched within each line.")
    boolean regex;

    @Override
    public Integer call() {
        String anchor = where.after != null ? where.after : where.before;
        if (anchor.isEmpty()) {
            throw new BadInputException(where.after != null ? "--after" : "--before", 0, "anchor is empty");
        }
        Finder.of(anchor, regex, workspace.settings().regexWork());
        InsertEntry.Position pos = where.after != null ? InsertEntry.Position.AFTER : InsertEntry.Position.BEFORE;
        InsertEntry e = new InsertEntry(
                Entry.Common.of(entry.id("insert"), entry.component(), entry.notes.why, entry.notes.links()),
                entry.file(),
                anchor,
                regex,
                pos,
                text,
                Optional.empty());
        Authoring.Added added = entry.add(workspace, e);
        return added.exitCode().code();
    }
}
