package io.patchpin.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.diff.DiffConfig;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.RenameDetector;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Where a file of a component went between two superproject revisions, by git's rename detection (50% similarity, as
 * {@code git diff -M}) on the component's trees at both.
 */
public final class RenameDetection {
    public static final int SCORE = 50;
    /**
     * git's {@code diff.renameLimit}: inexact detection runs while sources x destinations stay within its square.
     * JGit's own limit (400) counts the larger side alone, so one missing file among TheRock's thousands of added files
     * found no rename where {@code git diff -M} does.
     */
    public static final int GIT_RENAME_LIMIT = 1000;

    private RenameDetection() {}

    /** A rename: the new path and its similarity score in percent. */
    public record Renamed(String newPath, int score) {}

    /** The new path of {@code path}, when the file is gone at {@code after} and a rename is evident; else empty. */
    public static Optional<Renamed> of(Snapshot before, Snapshot after, String component, String path) {
        Optional<Component> was = before.component(component);
        Optional<Component> now = after.component(component);
        Optional<Repository> repo = after.repository(component);
        if (was.isEmpty() || now.isEmpty() || repo.isEmpty()) {
            return Optional.empty();
        }
        return of(
                repo.get(),
                ObjectId.fromString(was.get().commit()),
                ObjectId.fromString(now.get().commit()),
                path,
                component);
    }

    /**
     * The new path of {@code path} in one repository's commits {@code from} and {@code to}, when the file is gone at
     * {@code to} and a rename is evident; empty when either commit is missing.
     */
    public static Optional<Renamed> of(Repository repo, ObjectId from, ObjectId to, String path, String component) {
        try (ObjectReader reader = repo.newObjectReader();
                RevWalk walk = new RevWalk(reader);
                TreeWalk tw = new TreeWalk(reader)) {
            if (!reader.has(from) || !reader.has(to)) {
                return Optional.empty();
            }
            tw.addTree(walk.parseCommit(from).getTree());
            tw.addTree(walk.parseCommit(to).getTree());
            tw.setRecursive(true);
            tw.setFilter(TreeFilter.ANY_DIFF);
            // the file asked about, against every file added: only its own rename is sought
            List<DiffEntry> candidates = DiffEntry.scan(tw).stream()
                    .filter(d -> d.getChangeType() == DiffEntry.ChangeType.ADD
                            || d.getChangeType() == DiffEntry.ChangeType.DELETE
                                    && d.getOldPath().equals(path))
                    .toList();
            if (candidates.stream().noneMatch(d -> d.getChangeType() == DiffEntry.ChangeType.DELETE)) {
                return Optional.empty();
            }
            RenameDetector detector =
                    new RenameDetector(reader, repo.getConfig().get(DiffConfig.KEY));
            detector.setRenameScore(SCORE);
            // one file sought: its comparisons are one per added file, as git counts them (0: no limit)
            long adds = candidates.size() - 1L;
            detector.setRenameLimit(adds <= (long) GIT_RENAME_LIMIT * GIT_RENAME_LIMIT ? 0 : GIT_RENAME_LIMIT);
            detector.addAll(candidates);
            return detector.compute().stream()
                    .filter(d -> d.getChangeType() == DiffEntry.ChangeType.RENAME
                            && d.getOldPath().equals(path))
                    .findFirst()
                    .map(d -> new Renamed(d.getNewPath(), d.getScore()));
        } catch (MissingObjectException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compare " + component + " between revisions", e);
        }
    }
}
