package io.patchpin.bisect;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.VerdictClass;
import io.patchpin.core.BadInputException;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * Finds the first superproject commit at which an entry stops being ok (or becomes broken), in one first-parent walk
 * and O(log n) verifications between a good and a bad revision, from object databases only.
 */
public final class Bisector {
    private final Workspace workspace;
    private final Function<ObjectId, EntryVerdict> check;

    /** {@code check} verifies the entry at one superproject commit. */
    public Bisector(Workspace workspace, Function<ObjectId, EntryVerdict> check) {
        this.workspace = workspace;
        this.check = check;
    }

    public BisectResult bisect(String entryId, String goodSpec, String badSpec, Until until) {
        ObjectId good = workspace.resolve("--good", goodSpec);
        ObjectId bad = workspace.resolve("--bad", badSpec);
        List<RevCommit> history = FirstParentHistory.between(workspace.superRepository(), good, bad, goodSpec, badSpec);
        Probe<EntryVerdict> probe = new Probe<>(i -> check.apply(i == 0 ? good : history.get(i - 1)));
        EntryVerdict atGood = probe.at(0);
        notForVersion(entryId, "--good", goodSpec, atGood);
        if (until.reached(atGood)) {
            throw new BadInputException(
                    "--good",
                    0,
                    "entry '" + entryId + "' is " + (until == Until.NOT_OK ? "not ok" : "already broken") + " at '"
                            + goodSpec + "' (" + atGood.verdict() + ": " + atGood.detail() + ")");
        }
        int n = history.size();
        EntryVerdict atBad = probe.at(n);
        notForVersion(entryId, "--bad", badSpec, atBad);
        if (!until.reached(atBad)) {
            throw new BadInputException(
                    "--bad",
                    0,
                    "entry '" + entryId + "' is still " + (until == Until.NOT_OK ? "ok" : "not broken") + " at '"
                            + badSpec + "' (" + atBad.verdict() + ")");
        }
        int first = probe.first(0, n, until::reached);
        List<BisectResult.Step> onTheWay = until == Until.BROKEN ? onTheWay(probe, first - 1, history) : List.of();
        RevCommit firstBad = history.get(first - 1);
        ObjectId before = first == 1 ? good : history.get(first - 2);
        EntryVerdict verdict = probe.at(first);
        LineCommit commit = LineCommit.of(workspace.commit(firstBad));
        String component = verdict.component();
        return new BisectResult(
                entryId,
                until,
                commit,
                new BisectResult.ComponentChange(
                        component, componentCommit(before, component), componentCommit(firstBad, component)),
                verdict.verdict(),
                verdict.detail(),
                new BisectResult.Search(n, probe.checks()),
                onTheWay);
    }

    /** An end the entry is not for (its {@code when}): there is nothing to bisect against there. */
    private static void notForVersion(String entryId, String option, String spec, EntryVerdict v) {
        if (v.verdictClass() == VerdictClass.SKIPPED) {
            throw new BadInputException(
                    option, 0, "entry '" + entryId + "' is not checked at '" + spec + "': " + v.detail());
        }
    }

    /** Pins every verdict change before {@code last} to its commit; keeps those that involve a review verdict. */
    private static List<BisectResult.Step> onTheWay(Probe<EntryVerdict> probe, int last, List<RevCommit> history) {
        probe.refine(0, last, (a, b) -> a.verdict() == b.verdict());
        List<BisectResult.Step> out = new ArrayList<>();
        for (Map.Entry<Integer, EntryVerdict> e :
                probe.changes((a, b) -> a.verdict() == b.verdict()).entrySet()) {
            EntryVerdict from = probe.known().lowerEntry(e.getKey()).getValue();
            EntryVerdict to = e.getValue();
            if (e.getKey() <= last && (!from.verdict().isOk() || !to.verdict().isOk())) {
                out.add(new BisectResult.Step(
                        LineCommit.of(history.get(e.getKey() - 1)), from.verdict(), to.verdict(), to.detail()));
            }
        }
        return out;
    }

    private Optional<String> componentCommit(ObjectId superCommit, String component) {
        return workspace.snapshot(superCommit).component(component).map(Component::commit);
    }
}
