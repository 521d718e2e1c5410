package io.patchpin.archive;

import java.io.IOException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/** Commits read for their tree and time, with missing objects as refusals. */
final class CommitTrees {
    private CommitTrees() {}

    static RevCommit commit(Repository repo, ObjectId commit, String what) throws IOException, Refusal {
        try (RevWalk walk = new RevWalk(repo)) {
            return walk.parseCommit(commit);
        } catch (MissingObjectException e) {
            throw Refusal.missing("commit " + commit.name() + " (" + what + ") is in no local object database");
        } catch (IncorrectObjectTypeException e) {
            throw Refusal.missing(commit.name() + " (" + what + ") is not a commit");
        }
    }
}
