package io.patchpin.history;

import io.patchpin.verify.Ancestry;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * {@link Ancestry} for a history, which asks of one upstream commit at every pin along a line: each answer is
 * remembered, and a new pin is walked only down to what earlier answers settle. A pin found to hold the commit holds it
 * for every pin above it; a pin found to lack it lacks it in all its ancestors, so the walk does not go below it. Along
 * a line of commits (a superproject entry's pin is the commit itself) each question then walks the few commits since
 * the last pin asked, where one walk per question would go through the whole history each time the commit is not there.
 */
final class RememberedAncestry implements Ancestry {
    /** How many pins lacking the commit the walk stops at: the latest asked, which along a line are the nearest. */
    private static final int LACKING = 16;

    private record Question(Repository repo, ObjectId tip, ObjectId commit) {}

    private record Target(Repository repo, ObjectId commit) {}

    /** The pins found to hold one commit, and the latest found to lack it. */
    private record Known(Set<ObjectId> holding, Deque<ObjectId> lacking) {}

    private final Map<Question, Boolean> answers = new HashMap<>();
    private final Map<Target, Known> known = new HashMap<>();

    @Override
    public boolean holds(Repository repo, ObjectId tip, ObjectId commit) throws IOException {
        Question q = new Question(repo, tip.copy(), commit.copy());
        Boolean answer = answers.get(q);
        if (answer != null) {
            return answer;
        }
        Known k = known.computeIfAbsent(
                new Target(repo, q.commit()), t -> new Known(new HashSet<>(), new ArrayDeque<>()));
        boolean holds = walk(repo, q.tip(), q.commit(), k);
        answers.put(q, holds);
        if (holds) {
            k.holding().add(q.tip());
        } else {
            k.lacking().addFirst(q.tip());
            if (k.lacking().size() > LACKING) {
                k.lacking().removeLast();
            }
        }
        return holds;
    }

    /** From {@code tip} down, stopping at {@code commit} or a pin known to hold it, never below one known to lack it. */
    private static boolean walk(Repository repo, ObjectId tip, ObjectId commit, Known k) throws IOException {
        try (RevWalk walk = new RevWalk(repo)) {
            walk.setRetainBody(false);
            RevCommit target = walk.parseCommit(commit);
            walk.markStart(walk.parseCommit(tip));
            for (ObjectId lacking : k.lacking()) {
                walk.markUninteresting(walk.parseCommit(lacking));
            }
            for (RevCommit c = walk.next(); c != null; c = walk.next()) {
                if (c.equals(target) || k.holding().contains(c)) {
                    return true;
                }
            }
            return false;
        }
    }
}
