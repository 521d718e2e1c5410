package io.patchpin.cli;

import io.patchpin.apply.Applier;
import io.patchpin.apply.WriteSummary;
import io.patchpin.core.BadInputException;
import io.patchpin.safety.WriteLock;
import io.patchpin.safety.Writes;
import io.patchpin.workspace.Workspace;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "apply", description = "Apply patchsets to the work tree: all or nothing, idempotent.")
public final class ApplyCommand extends WorkspaceCommand {
    @Mixin
    FormatOption format;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Patchset folders, applied in order.")
    List<Path> dirs;

    @Option(
            names = "--commit",
            description = {
                "Then commit in each touched component, like git am: one commit per entry that changed something,",
                "a patch mail's author, date and message; rewrites and inserts take their why as message.",
                "Committer: user.name/user.email of the component's git config, else patchpin <patchpin@localhost>.",
                "The superproject's gitlinks are not touched. All or nothing, with the file writes."
            })
    boolean commit;

    @Option(
            names = "--therock",
            description = {
                "With --commit, commit exactly as TheRock's fetch_sources.py: committer therockbot <therockbot@amd.com>,",
                "date 2099-01-01 (entries without a mail date are authored so too), git am's message rules; then write",
                ".<dir>.smrev beside each component and set skip-worktree on its gitlink in the parent's index."
            })
    boolean therock;

    @Mixin
    Options.Components components;

    @Option(
            names = "--with-layers",
            description = {
                "Apply the layers of layered sets too, all or nothing with them;",
                "without it, a set whose layers are not in the work tree is refused, naming the layer."
            })
    boolean withLayers;

    @Override
    public Integer call() {
        FormatOption.Format f = format.format();
        try (Workspace ws = workspace.open();
                WriteLock busy = WriteLock.take(ws, "apply")) {
            if (therock && !commit) {
                throw new BadInputException("--therock", 0, "only goes with --commit");
            }
            Applier.Result r = Applier.apply(
                    ws,
                    new Applier.Request(
                            dirs,
                            therock ? Applier.Commits.THEROCK : commit ? Applier.Commits.PLAIN : Applier.Commits.NONE,
                            components.filter(),
                            withLayers),
                    Writes.atomic(ws.settings()),
                    Clock.system(ZoneId.systemDefault())); // commit times in the user's zone, as git's
            print(VerifyCommand.render(f, r.report(), Duration.ZERO));
            WriteSummary.print(err(), r);
            return r.exitCode().code();
        }
    }
}
