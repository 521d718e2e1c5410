package io.patchpin.apply;

import io.patchpin.core.Hashes;
import io.patchpin.verify.AppliedCommits;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Snapshot;
import io.patchpin.gitstatus.WorkTreeStatus;
import io.patchpin.workspace.Workspace;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.ResetCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Revert of components the entries were applied to as commits (by
 * {@code apply --commit}, or TheRock's fetch_sources on the same patches):
 * when the commits above the pin are exactly the entries' and the work tree
 * holds nothing else, HEAD goes back to the pin, and TheRock's .smrev file
 * and skip-worktree bit go too. Anything else is named, not undone.
 */
final class CommitReset {
    /** One component to reset: its repository, HEAD now, the pin, and where TheRock's marks are. */
    record Reset(String component, Repository repo, ObjectId head, ObjectId pin, Repository parent, TheRockMarks.Mark mark) {
    }

    /** The resets to do, and why others cannot be done (one line each). */
    record Plan(List<Reset> resets, List<String> problems) {
    }

    private CommitReset() {
    }

    static Plan plan(Workspace ws, List<LoadedPatchset> sets, CommittedFileSource committed) {
        TreeSet<String> components = new TreeSet<>();
        sets.forEach(s -> s.patchset().entries().forEach(e -> components.add(e.component())));
        components.remove(Component.SUPERPROJECT);
        Snapshot head = ws.snapshot("HEAD");
        Run atPin = null;
        List<Reset> resets = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String c : components) {
            Optional<Component> comp = head.component(c);
            Optional<Repository> repo = committed.repo(c);
            if (comp.isEmpty() || repo.isEmpty()) {
                continue;
            }
            ObjectId now = Committer.head(repo.get());
            if (now == null || now.name().equals(comp.get().commit())) {
                continue;
            }
            if (atPin == null) {
                atPin = new Verifier().check(sets, head.files(), BaseSources.NONE);
            }
            AppliedCommits.Result r = AppliedCommits.byEntries(repo.get(), comp.get().commit(), now.name(),
                    AppliedCommits.steps(atPin, c));
            Repository parent = committed.repo(comp.get().parent()).orElse(null);
            TheRockMarks.Mark mark = parent == null ? null : TheRockMarks.markOf(comp.get(), parent);
            boolean marked = mark != null && (TheRockMarks.read(mark.smrev()) != null
                    || TheRockMarks.skipWorktree(parent, mark.gitlinkPath()));
            if (!r.explained() && r.held().isEmpty() && !marked) {
                continue; // checked out elsewhere, no entry committed there: not an apply to undo
            }
            if (!r.explained()) {
                problems.add(c + ": HEAD " + Hashes.abbrev(now.name()) + " is above its pin " + Hashes.abbrev(comp.get().commit())
                        + " with commits these entries did not make, which revert cannot undo: " + String.join("; ", r.unexplained()));
                continue;
            }
            List<String> dirty = WorkTreeStatus.of(repo.get().getWorkTree().toPath()).changed();
            if (!dirty.isEmpty()) {
                problems.add(c + ": applied as commits, but its work tree also holds " + String.join(", ", dirty)
                        + ": commit or stash that first");
                continue;
            }
            resets.add(new Reset(c, repo.get(), now, ObjectId.fromString(comp.get().commit()), parent, mark));
        }
        return new Plan(resets, problems);
    }

    /** Resets every component, removes the marks; each step undone by {@code tx} on a later failure. */
    static void run(List<Reset> resets, Transaction tx) {
        for (Reset r : resets) {
            tx.head(r.repo(), true, r.pin());
            hard(r.repo(), r.pin());
            tx.done(() -> hard(r.repo(), r.head()));
            TheRockMarks.Mark m = r.mark();
            if (m == null) {
                continue;
            }
            byte[] smrev = TheRockMarks.read(m.smrev());
            if (smrev != null) {
                tx.write(m.smrev(), smrev, null);
            }
            if (TheRockMarks.skipWorktree(r.parent(), m.gitlinkPath())) {
                tx.index(r.parent());
                IndexFlags.skipWorktree(m.parentWorkTree(), m.gitlinkPath(), false);
                tx.done(() -> IndexFlags.skipWorktree(m.parentWorkTree(), m.gitlinkPath(), true));
            }
        }
    }

    private static void hard(Repository repo, ObjectId to) {
        try {
            Git.wrap(repo).reset().setMode(ResetCommand.ResetType.HARD).setRef(to.name()).call();
        } catch (GitAPIException | org.eclipse.jgit.api.errors.JGitInternalException e) {
            throw new CommitFailure(repo, "cannot reset to " + Hashes.abbrev(to.name()), e);
        }
    }
}
