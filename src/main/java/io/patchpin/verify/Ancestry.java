package io.patchpin.verify;

import java.io.IOException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;

/** The question {@link UpstreamGate} asks of a pin: is the upstream commit the pin or one of its ancestors. */
@FunctionalInterface
public interface Ancestry {
    /**
     * Whether {@code commit} is {@code tip} or an ancestor of it in {@code repo}.
     *
     * @throws org.eclipse.jgit.errors.MissingObjectException when either commit, or one walked through, is not there
     */
    boolean holds(Repository repo, ObjectId tip, ObjectId commit) throws IOException;

    /** One walk per question: for a caller that asks each question once, as one verify does. */
    static Ancestry walk() {
        return (repo, tip, commit) -> {
            try (RevWalk walk = new RevWalk(repo)) {
                return walk.isMergedInto(walk.parseCommit(commit), walk.parseCommit(tip));
            }
        };
    }
}
