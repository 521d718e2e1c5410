package io.patchpin.impact;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilterGroup;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * The commits of {@code OLD..NEW} in one repository that change any of a set of paths, found in ONE walk with a path
 * filter, simplified as {@code git log OLD..NEW -- PATHS} is (a merge that takes a path from one parent unchanged is
 * not listed): the cost grows with the range, not with the number of entries.
 */
public final class TouchingCommits {
    private TouchingCommits() {}

    /**
     * A commit found, its first parent (null for a root commit) and, per path of the filter it changed, the
     * blob ids before and after (null where the file is absent).
     */
    public record Found(
            String commit, String parent, String subject, String author, long time, SortedMap<String, Blobs> changed) {
        public Found {
            changed = Collections.unmodifiableSortedMap(new TreeMap<>(changed));
        }
    }

    /** A changed file's blob ids on the parent side and the commit side; null where it is absent. */
    public record Blobs(String before, String after) {}

    /** The commits of {@code from..to} changing {@code paths}, oldest first; none for no path. */
    public static List<Found> walk(Repository repo, ObjectId from, ObjectId to, Collection<String> paths) {
        if (paths.isEmpty()) {
            return List.of();
        }
        TreeFilter filter = PathFilterGroup.createFromStrings(paths);
        List<Found> out = new ArrayList<>();
        try (ObjectReader reader = repo.newObjectReader();
                RevWalk walk = new RevWalk(reader);
                RevWalk plain = new RevWalk(reader)) {
            walk.setTreeFilter(AndTreeFilter.create(filter, TreeFilter.ANY_DIFF));
            walk.markStart(walk.parseCommit(to));
            walk.markUninteresting(walk.parseCommit(from));
            for (RevCommit c : walk) {
                out.add(found(reader, plain.parseCommit(c), plain, filter));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk history in " + repo.getDirectory(), e);
        }
        Collections.reverse(out);
        return out;
    }

    /**
     * {@code c} as a walk without a filter parsed it: the filtered walk rewrote its parents to the previous
     * commit touching the paths, and the change is against the real first parent.
     */
    private static Found found(ObjectReader reader, RevCommit c, RevWalk plain, TreeFilter filter) throws IOException {
        RevCommit parent = c.getParentCount() == 0 ? null : plain.parseCommit(c.getParent(0));
        SortedMap<String, Blobs> changed = new TreeMap<>();
        try (TreeWalk tw = new TreeWalk(reader)) {
            tw.addTree(
                    parent == null ? new EmptyTreeIterator() : new CanonicalTreeParser(null, reader, parent.getTree()));
            tw.addTree(c.getTree());
            tw.setRecursive(true);
            tw.setFilter(AndTreeFilter.create(filter, TreeFilter.ANY_DIFF));
            while (tw.next()) {
                changed.put(tw.getPathString(), new Blobs(blob(tw, 0), blob(tw, 1)));
            }
        }
        return new Found(
                c.name(),
                parent == null ? null : parent.name(),
                c.getShortMessage(),
                c.getAuthorIdent().getName(),
                c.getCommitTime(),
                changed);
    }

    private static String blob(TreeWalk tw, int n) {
        ObjectId id = tw.getObjectId(n);
        return id.equals(ObjectId.zeroId()) ? null : id.name();
    }
}
