package io.patchpin.update;

import io.patchpin.bisect.FirstParentHistory;
import io.patchpin.bisect.LineCommit;
import io.patchpin.bisect.Probe;
import io.patchpin.check.EntryVerdict;
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
 * The first-parent commits from the locked commit to a target, with every entry's verdict verified at a
 * commit only when the search asks for it (bisect's {@link Probe}): the first commit at which an entry is
 * worse than at the locked commit is found in O(log n) verifications of all the sets at once.
 */
final class Line {
    private final ObjectId from;
    private final List<RevCommit> commits;
    private final Probe<Map<String, EntryVerdict>> probe;

    Line(Workspace ws, List<LoadedPatchset> sets, Digests digests, ObjectId from, ObjectId to, String toSpec) {
        this.from = from;
        this.commits = FirstParentHistory.between(ws.superRepository(), from, to, "the locked commit", toSpec);
        this.probe = new Probe<>(i -> verdicts(ws, sets, digests, i == 0 ? from : commits.get(i - 1)));
    }

    /** Every entry's verdict at the locked commit, by {@link #key}. */
    Map<String, EntryVerdict> atFrom() {
        return probe.at(0);
    }

    /** The first commit of the line at which an entry is worse than at the locked commit; empty when none is. */
    Optional<UpdateResult.Break> firstWorse() {
        int n = commits.size();
        if (n == 0 || !worse(probe.at(n))) {
            return Optional.empty();
        }
        int first = probe.first(0, n, this::worse);
        Map<String, EntryVerdict> there = probe.at(first);
        Map<String, EntryVerdict> worse = new LinkedHashMap<>();
        there.forEach((k, v) -> {
            if (v.verdictClass().compareTo(atFrom().get(k).verdictClass()) > 0) {
                worse.put(k, v);
            }
        });
        ObjectId before = first == 1 ? from : commits.get(first - 2);
        return Optional.of(new UpdateResult.Break(LineCommit.of(commits.get(first - 1)), before.name(), worse));
    }

    UpdateResult.Search search() {
        return new UpdateResult.Search(commits.size(), probe.checks());
    }

    private boolean worse(Map<String, EntryVerdict> at) {
        Map<String, EntryVerdict> old = atFrom();
        return at.entrySet().stream()
                .anyMatch(e -> old.containsKey(e.getKey())
                        && e.getValue()
                                        .verdictClass()
                                        .compareTo(old.get(e.getKey()).verdictClass())
                                > 0);
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
