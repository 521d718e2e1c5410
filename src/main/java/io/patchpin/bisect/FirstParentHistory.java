package io.patchpin.bisect;

import io.patchpin.core.BadInputException;

import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The first-parent commits after {@code good} up to and including {@code bad}, oldest first. */
final class FirstParentHistory {
    private FirstParentHistory() {
    }

    static List<RevCommit> between(Repository repo, ObjectId good, ObjectId bad, String goodSpec, String badSpec) {
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit goodCommit = walk.parseCommit(good);
            RevCommit badCommit = walk.parseCommit(bad);
            if (!walk.isMergedInto(goodCommit, badCommit)) {
                throw new BadInputException("--good", 0, "'" + goodSpec + "' is not an ancestor of '" + badSpec + "'");
            }
            walk.reset();
            List<RevCommit> out = new ArrayList<>();
            RevCommit c = walk.parseCommit(bad);
            while (!c.equals(goodCommit)) {
                out.add(c);
                if (c.getParentCount() == 0) {
                    break;
                }
                RevCommit parent = walk.parseCommit(c.getParent(0));
                if (!parent.equals(goodCommit) && isAncestor(repo, parent, goodCommit)) {
                    break; // first-parent line passed below good through a merge
                }
                c = parent;
            }
            Collections.reverse(out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot walk history", e);
        }
    }

    private static boolean isAncestor(Repository repo, RevCommit maybeAncestor, RevCommit of) throws IOException {
        try (RevWalk w = new RevWalk(repo)) {
            return w.isMergedInto(w.parseCommit(maybeAncestor), w.parseCommit(of));
        }
    }
}
