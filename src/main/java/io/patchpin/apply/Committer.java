package io.patchpin.apply;

import io.patchpin.gitstatus.IndexEdits;
import io.patchpin.patchset.Entry;
import io.patchpin.verify.FileKey;
import io.patchpin.workspace.FileLookup;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * {@code apply --commit}: after the files are written, commits every entry that changed something, one commit per
 * entry, in the repository of its component (never the superproject's gitlinks). Each component's commits are chained
 * on its checked-out HEAD, then HEAD moves once and the index entries of the touched files are refreshed; a failure
 * anywhere moves every HEAD back and restores those index entries, through the transaction.
 */
final class Committer {
    private final CommittedFileSource committed;
    private final boolean therock;
    private final Clock clock;

    /**
     * @param therock commit with TheRock's identity and date (see {@link ComponentCommits})
     * @param clock   the commits' time otherwise
     */
    Committer(CommittedFileSource committed, boolean therock, Clock clock) {
        this.committed = committed;
        this.therock = therock;
        this.clock = clock;
    }

    /**
     * Why the commits cannot be made, before anything is written: a touched file must be as committed in the work tree
     * and in the index, so the commits hold the entries' edits and nothing else (say, an earlier apply's, or a change
     * staged by hand).
     */
    List<String> problems(List<CommitUnit> units, Map<FileKey, FileLookup> workTree) {
        List<String> out = new ArrayList<>();
        for (var c : byComponent(units).entrySet()) {
            Optional<Repository> repo = committed.repo(c.getKey());
            if (repo.isEmpty() || ComponentCommits.head(repo.get()) == null) {
                out.add(c.getKey() + ": no commit checked out to commit on");
                continue;
            }
            for (String f : files(c.getValue())) {
                FileKey key = new FileKey(c.getKey(), f);
                if (notAsCommitted(key, workTree)) {
                    out.add(key + ": differs from the checked-out commit (an earlier apply?); --commit needs it"
                            + " as committed: revert or commit it first");
                } else if (!indexAsHead(repo.get(), f)) {
                    out.add(key + ": has staged changes; --commit would sweep them in: unstage them first");
                }
            }
        }
        return out;
    }

    /**
     * Entries already applied in the work tree but not in the checked-out commit (an earlier apply without --commit):
     * they would make no commit and be left uncommitted while apply --commit says it committed everything. One line per
     * such entry, naming it and its files.
     */
    List<String> uncommitted(List<Entry> alreadyApplied, Map<FileKey, FileLookup> workTree) {
        List<String> out = new ArrayList<>();
        for (Entry e : alreadyApplied) {
            List<String> differ = e.files().stream()
                    .map(f -> new FileKey(e.component(), f))
                    .filter(k -> workTree.containsKey(k) && notAsCommitted(k, workTree))
                    .map(FileKey::toString)
                    .sorted()
                    .toList();
            if (!differ.isEmpty()) {
                out.add("entry '" + e.id() + "' is applied in the work tree but not committed (not in the checked-out"
                        + " commit: " + String.join(", ", differ)
                        + "; an earlier apply without --commit?): --commit would"
                        + " commit nothing for it; revert, then apply --commit");
            }
        }
        return out;
    }

    private boolean notAsCommitted(FileKey key, Map<FileKey, FileLookup> workTree) {
        return !Arrays.equals(
                FileChange.bytes(committed.read(key.component(), key.file())), FileChange.bytes(workTree.get(key)));
    }

    /** A commit apply made: its component, id, subject line and the layer it applies, if any. */
    public record Made(String component, ObjectId id, String subject, Optional<String> layer) {
        /** "component abbrev subject (layer)". */
        public String line() {
            return component + " " + id.abbreviate(12).name() + " " + subject
                    + layer.map(l -> " (" + l + ")").orElse("");
        }
    }

    List<Made> commit(List<CommitUnit> units, Transaction tx) {
        List<Made> made = new ArrayList<>();
        for (var c : byComponent(units).entrySet()) {
            Repository repo = committed.repo(c.getKey()).orElseThrow();
            ObjectId orig = ComponentCommits.head(repo);
            SortedSet<String> files = files(c.getValue());
            tx.head(repo, false, null);
            tx.done(() -> ComponentCommits.undo(repo, orig, files));
            ComponentCommits commits = new ComponentCommits(repo, orig, therock, clock);
            for (CommitUnit u : c.getValue()) {
                commits.add(u)
                        .ifPresent(id -> made.add(new Made(
                                c.getKey(),
                                id,
                                u.message().message().lines().findFirst().orElse(""),
                                u.layer())));
            }
            commits.finish(files);
        }
        return made;
    }

    private static Map<String, List<CommitUnit>> byComponent(List<CommitUnit> units) {
        return units.stream().collect(Collectors.groupingBy(CommitUnit::component, TreeMap::new, Collectors.toList()));
    }

    private static SortedSet<String> files(List<CommitUnit> units) {
        SortedSet<String> out = new TreeSet<>();
        units.forEach(u -> out.addAll(u.files().keySet()));
        return out;
    }

    private static boolean indexAsHead(Repository repo, String file) {
        try (TreeWalk tw = TreeWalk.forPath(
                repo, file, repo.parseCommit(ComponentCommits.head(repo)).getTree())) {
            DirCacheEntry e = IndexEdits.entry(repo, file).orElse(null);
            if (tw == null || e == null) {
                return tw == null && e == null;
            }
            return e.getStage() == 0
                    && Objects.equals(e.getObjectId(), tw.getObjectId(0))
                    && e.getFileMode().equals(tw.getFileMode(0));
        } catch (IOException e) {
            throw new CommitFailure(repo, "cannot read the index", e);
        }
    }
}
