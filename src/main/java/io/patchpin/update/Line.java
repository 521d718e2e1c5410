package io.patchpin.update;

import io.patchpin.bisect.FirstParentHistory;
import io.patchpin.bisect.LineCommit;
import io.patchpin.bisect.Probe;
import io.patchpin.check.EntryVerdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Digests;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Report;
import io.patchpin.verify.Verification;
import io.patchpin.workspace.Workspace;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * The first-parent commits from the locked commit to a target, with every entry's verdict verified at a commit only
 * when the search asks for it (bisect's {@link Probe}): the first commit at which an entry is worse than at the locked
 * commit is found in O(log n) verifications of all the sets at once.
 */
final class Line {
    private final ObjectId from;
    private final ObjectId start;
    private final List<RevCommit> commits;
    private final Probe<Map<String, EntryVerdict>> probe;
    private final Map<String, EntryVerdict> atFrom;
    private final RevCommit startCommit;

    /**
     * A locked commit off the target's line (a release tag, on its own branch) is left where the two lines part: the
     * search runs from their merge-base, and entries are still compared with the locked commit.
     */
    Line(Workspace ws, List<LoadedPatchset> sets, Digests digests, ObjectId from, ObjectId to, String toSpec) {
        this.from = from;
        this.start = FirstParentHistory.mergeBase(ws.superRepository(), from, to)
                .orElseThrow(() ->
                        new BadInputException("--to", 0, from.name() + " and " + to.name() + " share no history"));
        String startSpec = start.equals(from) ? "the locked commit" : "the fork point " + start.name();
        this.commits = FirstParentHistory.between(ws.superRepository(), start, to, startSpec, toSpec);
        this.probe = new Probe<>(i -> verdicts(ws, sets, digests, i == 0 ? start : commits.get(i - 1)));
        this.startCommit = ws.commit(start);
        this.atFrom = start.equals(from) ? probe.at(0) : verdicts(ws, sets, digests, from);
    }

    /** Every entry's verdict at the locked commit, by {@link #key}. */
    Map<String, EntryVerdict> atFrom() {
        return atFrom;
    }

    /** The first commit of the line at which an entry is worse than at the locked commit; empty when none is. */
    Optional<UpdateResult.Break> firstWorse() {
        int n = commits.size();
        if (!start.equals(from) && worse(probe.at(0))) {
            return Optional.of(new UpdateResult.Break(LineCommit.of(startCommit), from.name(), worsened(probe.at(0))));
        }
        if (n == 0 || !worse(probe.at(n))) {
            return Optional.empty();
        }
        int first = probe.first(0, n, this::worse);
        ObjectId before = first == 1 ? start : commits.get(first - 2);
        return Optional.of(new UpdateResult.Break(
                LineCommit.of(commits.get(first - 1)), before.name(), worsened(probe.at(first))));
    }

    UpdateResult.Search search() {
        return new UpdateResult.Search(
                commits.size(),
                probe.checks() + (start.equals(from) ? 0 : 1),
                start.equals(from) ? Optional.empty() : Optional.of(start.name()));
    }

    private boolean worse(Map<String, EntryVerdict> at) {
        return !worsened(at).isEmpty();
    }

    /** The entries whose class at a commit is worse than at the locked commit. */
    private Map<String, EntryVerdict> worsened(Map<String, EntryVerdict> at) {
        Map<String, EntryVerdict> out = new LinkedHashMap<>();
        at.forEach((k, v) -> {
            EntryVerdict old = atFrom.get(k);
            if (old != null && v.verdictClass().compareTo(old.verdictClass()) > 0) {
                out.put(k, v);
            }
        });
        return out;
    }

    private static Map<String, EntryVerdict> verdicts(
            Workspace ws, List<LoadedPatchset> sets, Digests digests, ObjectId commit) {
        Report r =
                Verification.run(ws, sets, Optional.of(commit.name()), digests).report();
        Map<String, EntryVerdict> out = new LinkedHashMap<>();
        r.patchsets().forEach(s -> s.entries().forEach(v -> out.put(key(s.name(), v.id()), v)));
        return out;
    }

    static String key(String set, String id) {
        return set + "/" + id;
    }
}
