package io.patchpin.bisect;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * The first-parent commits after {@code good} up to and including {@code bad}, oldest first, in one walk (as
 * {@code git rev-list --first-parent good..bad}). A {@code good} that is not on that line is refused before anything is
 * checked: between a side-branch commit and {@code bad} there is no line to bisect.
 */
public final class FirstParentHistory {
    private FirstParentHistory() {}

    /** The line from {@code good} (exclusive) to {@code bad}; the specs name the revisions in messages. */
    public static List<RevCommit> between(
            Repository repo, ObjectId good, ObjectId bad, String goodSpec, String badSpec) {
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit goodCommit = walk.parseCommit(good);
            RevCommit badCommit = walk.parseCommit(bad);
            if (goodCommit.equals(badCommit)) {
                return List.of();
            }
            walk.setFirstParent(true);
            walk.markStart(badCommit);
            walk.markUninteresting(goodCommit);
            List<RevCommit> out = new ArrayList<>();
            walk.forEach(out::add);
            RevCommit oldest = out.isEmpty() ? null : out.get(out.size() - 1);
            if (oldest == null
                    || oldest.getParentCount() == 0
                    || !oldest.getParent(0).equals(goodCommit)) {
                throw refusal(repo, goodCommit, badCommit, goodSpec, badSpec);
            }
            Collections.reverse(out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk history", e);
        }
    }

    private static BadInputException refusal(
            Repository repo, RevCommit good, RevCommit bad, String goodSpec, String badSpec) throws IOException {
        try (RevWalk w = new RevWalk(repo)) {
            if (!w.isMergedInto(w.parseCommit(good), w.parseCommit(bad))) {
                return new BadInputException(
                        "--good",
                        0,
                        "'" + goodSpec + "' is not an ancestor of '" + badSpec + "'"
                                + mergeBaseHint(repo, good, bad, badSpec));
            }
        }
        return new BadInputException(
                "--good",
                0,
                "'" + goodSpec + "' is not on the first-parent line of '" + badSpec
                        + "' (it was merged from a side branch; use a commit of the line, e.g. the merge that brought it in)");
    }

    /**
     * What to bisect from instead: a release tag is usually on a branch that left {@code bad}'s line at their
     * merge-base, so that commit is offered rather than picked silently (the entry may not be ok there).
     */
    private static String mergeBaseHint(Repository repo, RevCommit good, RevCommit bad, String badSpec) {
        Optional<RevCommit> base = mergeBase(repo, good, bad);
        if (base.isEmpty()) {
            return " (they share no history)";
        }
        if (base.get().equals(bad)) {
            return " ('" + badSpec + "' is older: swap --good and --bad?)";
        }
        return "; their merge-base is " + base.get().name() + " \"" + base.get().getShortMessage() + "\": try --good "
                + base.get().name();
    }

    /** Where the histories of {@code a} and {@code b} meet, if they share any. */
    public static Optional<RevCommit> mergeBase(Repository repo, ObjectId a, ObjectId b) {
        try (RevWalk w = new RevWalk(repo)) {
            w.setRevFilter(RevFilter.MERGE_BASE);
            w.markStart(w.parseCommit(a));
            w.markStart(w.parseCommit(b));
            return Optional.ofNullable(w.next());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk history", e);
        }
    }
}
