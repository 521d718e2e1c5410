package io.patchpin.cli;

import io.patchpin.core.BadInputException;
import io.patchpin.impact.BumpImpact;
import io.patchpin.impact.Impact;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockDiff;
import io.patchpin.lock.LockFile;
import io.patchpin.lock.Locker;
import io.patchpin.report.ImpactReports;
import io.patchpin.report.LockReports;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "diff",
        description = {
            "Compare two lockfiles (or two superproject revisions): added, removed, moved (old -> new),"
                    + " URL/branch changed.",
            "With --repo, commits ahead/behind and subjects of moved components whose objects are present.",
            "With patchset folders: per moved component, the upstream commits that touch the entries' files, the",
            "lines they changed near each entry, and each entry's verdict at NEW (and the commit that caused it).",
            "Exit 0 when the same, 1 when different; with folders, as verify at NEW: 0 ok, 3 review, 1 broken."
        })
public final class LockDiffCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    // three labels, not one with spaces: the man page's synopsis would break a label across lines
    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "OLD",
            description = "The old lockfile (not with --from/--to).")
    Path oldArg;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "NEW",
            description = "The new lockfile (not with --from/--to).")
    Path newArg;

    @Parameters(
            index = "2..*",
            arity = "0..*",
            paramLabel = "DIR",
            description = "Patchset folders (with --from/--to, every argument is one).")
    List<Path> dirArgs = new ArrayList<>();

    @Option(names = "--from", paramLabel = "REV", description = "Old superproject revision, instead of OLD.")
    String from;

    @Option(names = "--to", paramLabel = "REV", description = "New superproject revision, instead of NEW.")
    String to;

    @Option(
            names = "--log",
            paramLabel = "N",
            defaultValue = "10",
            description = "Subjects shown per moved component with --repo (default: ${DEFAULT-VALUE}).")
    int log;

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        boolean revisions = from != null || to != null;
        List<Path> args = Stream.concat(Stream.of(oldArg, newArg).filter(Objects::nonNull), dirArgs.stream())
                .toList();
        if (revisions && (from == null || to == null)) {
            throw new BadInputException(from == null ? "--from" : "--to", 0, "--from and --to go together");
        }
        if (!revisions && args.size() < 2) {
            throw new BadInputException("OLD", 0, "give OLD and NEW lockfiles, or --from REV --to REV");
        }
        List<Path> dirs = args.subList(revisions ? 0 : 2, args.size());
        List<LoadedPatchset> sets = dirs.stream().map(LoadedPatchset::read).toList();
        Lock oldLock = revisions ? null : LockFile.read(args.get(0));
        Lock newLock = revisions ? null : LockFile.read(args.get(1));
        if (!revisions
                && sets.isEmpty()
                && (workspace.repo == null
                        || LockDiff.of(oldLock, newLock).moved().isEmpty())) {
            return report(f, LockDiff.of(oldLock, newLock)); // nothing to read from a repository
        }
        try (Workspace ws = workspace.open()) {
            oldLock = revisions ? Locker.lock(ws, from, null).lock() : oldLock;
            newLock = revisions ? Locker.lock(ws, to, null).lock() : newLock;
            LockDiff diff = LockDiff.of(oldLock, newLock);
            if (!diff.moved().isEmpty()) {
                diff = diff.withHistory(ws, oldLock, newLock, Math.max(0, log));
            }
            if (sets.isEmpty()) {
                return report(f, diff);
            }
            return report(f, BumpImpact.run(ws, new BumpImpact.Request(oldLock, newLock, diff, sets)));
        }
    }

    private int report(FormatOption.Format f, LockDiff diff) {
        print(
                switch (f) {
                    case JSON -> LockReports.diffJson(diff);
                    case MARKDOWN -> LockReports.diffMarkdown(diff);
                    default -> LockReports.diffText(diff);
                });
        return diff.exitCode().code();
    }

    /** With patchset folders the exit code is verify's at NEW: whether the edits survive the bump. */
    private int report(FormatOption.Format f, Impact impact) {
        print(
                switch (f) {
                    case JSON -> ImpactReports.json(impact);
                    case MARKDOWN -> ImpactReports.markdown(impact);
                    default -> ImpactReports.text(impact);
                });
        return impact.exitCode().code();
    }
}
