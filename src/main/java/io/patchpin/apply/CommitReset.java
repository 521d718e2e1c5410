package io.patchpin.apply;

import io.patchpin.core.Hashes;
import io.patchpin.gitstatus.IndexEdits;
import io.patchpin.gitstatus.WorkTreeStatus;
import io.patchpin.verify.AppliedCommits;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevObject;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Revert of components the entries were applied to as commits (by {@code apply --commit}, or TheRock's fetch_sources on
 * the same patches): when the commits above the pin are exactly the entries' and the work tree holds nothing else, HEAD
 * goes back to the pin, and TheRock's .smrev file and skip-worktree bit go too. A layered set's commits may sit on its
 * layers' ({@code apply --with-layers --commit}, or the layers applied as commits first): HEAD then goes back to the
 * layers' last commit, and a .smrev is rewritten for the layers alone. Anything else is named, not undone.
 */
final class CommitReset {
    /**
     * One component to reset: its repository, HEAD now, where HEAD goes back to (the pin, or the layers' last commit),
     * and where TheRock's marks are; {@code below} the marks the layers alone leave (null: the marks go); {@code to}
     * what {@code pin} is, for the report.
     */
    record Reset(
            String component,
            Repository repo,
            ObjectId head,
            ObjectId pin,
            Repository parent,
            TheRockMarks.Mark mark,
            TheRockMarks.Mark below,
            String to) {}

    /** @param problems why the other resets cannot be done, one line each */
    record Plan(List<Reset> resets, List<String> problems) {}

    /** Local superproject commits at most looked at: apply --commit makes one per entry, not a branch's worth. */
    private static final int LOCAL_LIMIT = 1000;

    private CommitReset() {}

    static Plan plan(Workspace ws, List<LoadedPatchset> sets, CommittedFileSource committed) {
        TreeSet<String> components = new TreeSet<>();
        sets.forEach(s -> s.patchset().entries().forEach(e -> components.add(e.component())));
        Snapshot head = ws.snapshot("HEAD");
        Pinned pinned = new Pinned(ws, sets, head);
        List<Reset> resets = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (components.remove(Component.SUPERPROJECT)) {
            superproject(ws, sets).ifPresent(r -> {
                List<String> dirty = dirty(r.repo(), r.pin(), r.head());
                if (dirty.isEmpty()) {
                    resets.add(r);
                } else {
                    problems.add(dirtyProblem(". ", dirty));
                }
            });
        }
        for (String c : components) {
            Optional<Component> comp = head.component(c);
            Optional<Repository> repo = committed.repo(c);
            if (comp.isPresent() && repo.isPresent()) {
                component(c, comp.get(), repo.get(), pinned, committed, resets, problems);
            }
        }
        return new Plan(resets, problems);
    }

    /**
     * Component {@code c}'s reset, or why it cannot be reset; nothing when there is nothing to undo (HEAD at the pin,
     * or above it with no commit of these entries').
     */
    private static void component(
            String c,
            Component comp,
            Repository repo,
            Pinned pinned,
            CommittedFileSource committed,
            List<Reset> resets,
            List<String> problems) {
        ObjectId now = ComponentCommits.head(repo);
        if (now == null || now.name().equals(comp.commit())) {
            return;
        }
        ObjectId pin = ObjectId.fromString(comp.commit());
        AppliedCommits.Result r =
                AppliedCommits.byEntries(repo, pin.name(), now.name(), AppliedCommits.steps(pinned.own(), c));
        ObjectId back = pin;
        boolean onLayers = false;
        if (!r.explained() && pinned.layered()) {
            // the set's commits on its layers' commits: HEAD goes back to the layers' last one, if the set made any
            int layerSteps = AppliedCommits.steps(pinned.layers(), c).size();
            AppliedCommits.Result stacked =
                    AppliedCommits.byEntries(repo, pin.name(), now.name(), AppliedCommits.steps(pinned.all(), c));
            if (stacked.explained() && stacked.held().size() == layerSteps) {
                return; // only the layers are committed: the set is in the work tree, if anywhere
            }
            if (stacked.explained() && stacked.held().size() > layerSteps) {
                r = stacked;
                back = firstParent(repo, now, stacked.held().size() - layerSteps)
                        .orElseThrow();
                onLayers = true;
            }
        }
        Repository parent = comp.parent().flatMap(committed::repo).orElse(null);
        TheRockMarks.Mark mark = parent == null ? null : TheRockMarks.markOf(comp, parent);
        if (!r.explained() && r.held().isEmpty()) {
            // checked out elsewhere, or patched as commits by someone else (TheRock's fetch_sources): no entry of these
            // was committed there, so there are no commits of theirs to undo, only work-tree edits
            return;
        }
        if (!r.explained()) {
            problems.add(c + ": HEAD " + Hashes.abbrev(now.name()) + " is above its pin "
                    + Hashes.abbrev(comp.commit()) + " with commits these entries did not make, which revert cannot"
                    + " undo: " + String.join("; ", r.unexplained()));
            return;
        }
        // only the files the commits changed are written back: an edit elsewhere is the user's, and stays
        List<String> dirty = dirty(repo, back, now);
        if (!dirty.isEmpty()) {
            problems.add(dirtyProblem(c, dirty));
            return;
        }
        TheRockMarks.Mark layersMark = !onLayers || mark == null || Transaction.read(mark.smrev()) == null
                ? null
                : TheRockMarks.markFor(comp, pinned.layers(), committed);
        String to = onLayers ? "its layers' last commit" : "its pin";
        resets.add(new Reset(c, repo, now, back, parent, mark, layersMark, to));
    }

    /** The files the commits from {@code back} to {@code now} changed that also hold edits in the work tree. */
    private static List<String> dirty(Repository repo, ObjectId back, ObjectId now) {
        SortedSet<String> reverted = changed(repo, back, now);
        return WorkTreeStatus.of(repo.getWorkTree().toPath()).changed().stream()
                .filter(reverted::contains)
                .toList();
    }

    private static String dirtyProblem(String component, List<String> dirty) {
        return component + ": applied as commits, but its work tree also holds " + String.join(", ", dirty)
                + ": commit or stash that first";
    }

    /**
     * The superproject has no pin: its entries' commits ({@code apply --commit}) sit on whatever was checked out. They
     * are found as the longest run of HEAD's last commits, no more than the sets' entries there, that are exactly those
     * entries' commits as checked on the commit below them; HEAD goes back to that commit (over a layered set's layers,
     * that is the layers' last commit). None: nothing to reset.
     */
    private static Optional<Reset> superproject(Workspace ws, List<LoadedPatchset> sets) {
        Repository repo = ws.superRepository();
        ObjectId now = ComponentCommits.head(repo);
        List<LoadedPatchset> here =
                ComponentFilter.of(List.of(Component.SUPERPROJECT)).only(sets);
        SortedSet<String> files = new TreeSet<>();
        here.forEach(s -> s.patchset().entries().forEach(e -> files.addAll(e.files())));
        Optional<ObjectId> parent = now == null ? Optional.empty() : firstParent(repo, now, 1);
        // the usual case, HEAD a commit of the user's or upstream's: no entry's, so no walk and no check
        if (parent.isEmpty() || !files.containsAll(changed(repo, parent.get(), now))) {
            return Optional.empty();
        }
        int entries = here.stream().mapToInt(s -> s.patchset().entries().size()).sum();
        // never below a commit upstream has: an upstream commit that happens to make an entry's edit is not apply's;
        // the local run has no merge, so every k below it has its commit
        for (int k = Math.min(entries, localRun(repo, now)); k > 0; k--) {
            ObjectId below = firstParent(repo, now, k).orElseThrow();
            Run there = new Verifier().check(here, ws.snapshot(below).files(), BaseSources.NONE);
            AppliedCommits.Result r = AppliedCommits.byEntries(
                    repo, below.name(), now.name(), AppliedCommits.steps(there, Component.SUPERPROJECT));
            if (r.explained() && r.held().size() == k) {
                return Optional.of(
                        new Reset(Component.SUPERPROJECT, repo, now, below, null, null, null, "the commit below them"));
            }
        }
        return Optional.empty();
    }

    /** How many of HEAD's last first-parent commits no remote-tracking branch or tag holds: the local ones. */
    private static int localRun(Repository repo, ObjectId head) {
        try (RevWalk walk = new RevWalk(repo)) {
            for (Ref r : repo.getRefDatabase().getRefsByPrefix(Constants.R_REMOTES, Constants.R_TAGS)) {
                ObjectId id = r.getPeeledObjectId() != null ? r.getPeeledObjectId() : r.getObjectId();
                RevObject o = id == null ? null : walk.peel(walk.parseAny(id));
                if (o instanceof RevCommit c) {
                    walk.markUninteresting(c);
                }
            }
            RevCommit c = walk.parseCommit(head);
            walk.markStart(c);
            Set<ObjectId> local = new HashSet<>();
            // bounded as the commits above a pin are: a repository with no remote refs is not walked whole
            for (RevCommit x = walk.next(); x != null && local.size() < LOCAL_LIMIT; x = walk.next()) {
                local.add(x.copy());
            }
            int n = 0;
            while (local.contains(c) && c.getParentCount() == 1) {
                n++;
                c = walk.parseCommit(c.getParent(0));
            }
            return n;
        } catch (IOException e) {
            throw new CommitFailure(repo, "cannot read the history below " + Hashes.abbrev(head.name()), e);
        }
    }

    /** The commit {@code count} first parents below {@code head}, when the line has no merge and is that long. */
    private static Optional<ObjectId> firstParent(Repository repo, ObjectId head, int count) {
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit c = walk.parseCommit(head);
            for (int i = 0; i < count; i++) {
                if (c.getParentCount() != 1) {
                    return Optional.empty();
                }
                c = walk.parseCommit(c.getParent(0));
            }
            return Optional.of(c.copy());
        } catch (IOException e) {
            throw new CommitFailure(repo, "cannot read the history below " + Hashes.abbrev(head.name()), e);
        }
    }

    /** The sets checked on the files at the pins (HEAD's gitlinks), once and only when a component needs it. */
    private static final class Pinned {
        private final Workspace ws;
        private final List<LoadedPatchset> sets;
        private final Snapshot head;
        private Run own;
        private Run all;

        Pinned(Workspace ws, List<LoadedPatchset> sets, Snapshot head) {
            this.ws = ws;
            this.sets = sets;
            this.head = head;
        }

        boolean layered() {
            return sets.stream().anyMatch(s -> !s.patchset().layers().isEmpty());
        }

        /** The sets named alone. */
        Run own() {
            if (own == null) {
                own = new Verifier().check(sets, head.files(), BaseSources.NONE);
            }
            return own;
        }

        /** The sets with their layers below, as apply --with-layers expands them (TheRock's from the work tree). */
        Run all() {
            if (all == null) {
                all = new Verifier().check(Layers.expand(sets, head, ws.workTree()), head.files(), BaseSources.NONE);
            }
            return all;
        }

        Run layers() {
            return new Run(
                    all().sets().stream()
                            .filter(s -> Layers.isLayer(s.loaded()))
                            .toList(),
                    all().overlay());
        }
    }

    /**
     * Puts every component back at its pin, removes the marks; each step undone by {@code tx} on a later failure. Only
     * the files the commits changed are written back (journaled, as apply writes them), and only their index entries
     * are reset: a hard reset would check out every file, those outside a sparse checkout too, and clear the other
     * entries' bits.
     */
    static void run(List<Reset> resets, Transaction tx) {
        for (Reset r : resets) {
            SortedSet<String> files = changed(r.repo(), r.pin(), r.head());
            Path top = r.repo().getWorkTree().toPath();
            for (String f : files) {
                Path p = top.resolve(f);
                byte[] now = Transaction.read(p);
                Blob back = blob(r.repo(), r.pin(), f);
                if (now != null || back != null) {
                    tx.write(p, now, back == null ? null : back.bytes());
                }
                if (back != null) {
                    tx.mode(p, back.executable()); // a patch's mode line undone too
                }
            }
            tx.head(r.repo(), false, r.pin());
            ComponentCommits.moveHead(r.repo(), r.head(), r.pin());
            ComponentCommits.index(r.repo(), r.pin(), files);
            tx.done(() -> {
                ComponentCommits.moveHead(r.repo(), r.pin(), r.head());
                ComponentCommits.index(r.repo(), r.head(), files);
            });
            TheRockMarks.Mark m = r.mark();
            if (m == null) {
                continue;
            }
            if (r.below() != null) {
                // the layers stay applied: their fingerprint replaces the stack's, the skip-worktree bit stays
                tx.replace(m.smrev(), r.below().content().getBytes(StandardCharsets.UTF_8));
                continue;
            }
            tx.replace(m.smrev(), null);
            if (TheRockMarks.skipWorktree(r.parent(), m.gitlinkPath())) {
                tx.index(r.parent());
                IndexEdits.skipWorktree(r.parent(), m.gitlinkPath(), false, tx.fsync());
                tx.done(() -> IndexEdits.skipWorktree(r.parent(), m.gitlinkPath(), true, tx.fsync()));
            }
        }
    }

    private static SortedSet<String> changed(Repository repo, ObjectId a, ObjectId b) {
        SortedSet<String> out = new TreeSet<>();
        try (RevWalk walk = new RevWalk(repo);
                TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(walk.parseCommit(a).getTree());
            tw.addTree(walk.parseCommit(b).getTree());
            tw.setRecursive(true);
            tw.setFilter(TreeFilter.ANY_DIFF);
            while (tw.next()) {
                if (tw.getFileMode(0) != FileMode.GITLINK && tw.getFileMode(1) != FileMode.GITLINK) {
                    out.add(tw.getPathString());
                }
            }
        } catch (IOException e) {
            throw new CommitFailure(
                    repo, "cannot compare " + Hashes.abbrev(a.name()) + " with " + Hashes.abbrev(b.name()), e);
        }
        return out;
    }

    private record Blob(byte[] bytes, boolean executable) {}

    /** {@code file} at {@code commit}, or null when it has none. */
    private static Blob blob(Repository repo, ObjectId commit, String file) {
        try (RevWalk walk = new RevWalk(repo);
                TreeWalk tw =
                        TreeWalk.forPath(repo, file, walk.parseCommit(commit).getTree())) {
            return tw == null
                    ? null
                    : new Blob(
                            repo.open(tw.getObjectId(0)).getBytes(Integer.MAX_VALUE),
                            tw.getFileMode(0) == FileMode.EXECUTABLE_FILE);
        } catch (IOException e) {
            throw new CommitFailure(repo, "cannot read " + file + " at " + Hashes.abbrev(commit.name()), e);
        }
    }
}
