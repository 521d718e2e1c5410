package io.patchpin.history;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.NavigableSet;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.eclipse.jgit.errors.StopWalkException;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * The superproject tree entries a set of paths depends on at one commit: the blob, gitlink or folder (its tree) at each
 * path and every gitlink above it (a file of a nested component changes only when a gitlink on its way changes), read
 * from the few trees on the way without reading any blob. Two commits with the same entries give every entry on those
 * paths the same verdict.
 */
final class TreeKeys {
    private final NavigableSet<String> targets;

    /** @param targets superproject paths: files of the superproject, component paths, {@code .gitmodules} */
    TreeKeys(SortedSet<String> targets) {
        this.targets = new TreeSet<>(targets);
    }

    /** Path to {@code mode:id} of every non-tree entry on the way to a target, and of each target, sorted by path. */
    SortedMap<String, String> at(ObjectReader reader, RevCommit commit) {
        SortedMap<String, String> out = new TreeMap<>();
        try (TreeWalk tw = new TreeWalk(reader)) {
            tw.addTree(commit.getTree());
            tw.setFilter(new OnTheWay(targets));
            while (tw.next()) {
                String path = tw.getPathString();
                // a target that is a folder (TheRock's patches/<tag> under a layered set) is keyed by its tree id
                if (!tw.isSubtree() || targets.contains(path)) {
                    out.put(
                            path,
                            Integer.toOctalString(tw.getRawMode(0)) + ":"
                                    + tw.getObjectId(0).name());
                }
                if (tw.isSubtree() && targetBelow(path)) {
                    tw.enterSubtree();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tree of commit " + commit.name(), e);
        }
        return out;
    }

    private boolean targetBelow(String folder) {
        String prefix = folder + "/";
        String next = targets.ceiling(prefix);
        return next != null && next.startsWith(prefix);
    }

    /** The part of {@code entries} that {@code paths} depend on, as one string to compare. */
    static String key(SortedMap<String, String> entries, List<String> paths) {
        return entries.entrySet().stream()
                .filter(e -> paths.stream().anyMatch(p -> onTheWay(e.getKey(), p)))
                .map(e -> e.getKey() + "=" + e.getValue() + "\n")
                .collect(Collectors.joining());
    }

    private static boolean onTheWay(String path, String target) {
        return target.equals(path) || target.startsWith(path) && target.charAt(path.length()) == '/';
    }

    /** Keeps an entry that is a target or lies above one (a folder to enter, or a gitlink holding it). */
    private static final class OnTheWay extends TreeFilter {
        private final SortedSet<String> targets;

        OnTheWay(SortedSet<String> targets) {
            this.targets = targets;
        }

        @Override
        public boolean include(TreeWalk walker) throws StopWalkException {
            String path = walker.getPathString();
            // targets sort right after the path they start with, so only the tail from it can match
            return targets.tailSet(path).stream()
                    .takeWhile(t -> t.startsWith(path))
                    .anyMatch(t -> onTheWay(path, t));
        }

        @Override
        public boolean shouldBeRecursive() {
            return true;
        }

        @Override
        public TreeFilter clone() {
            return this;
        }
    }
}
